#pragma once

#include "core/Error.h"
#include "core/llm/LlmEndpoint.h"

#include <QObject>
#include <QPointer>

class QNetworkAccessManager;

namespace Terrarium::Core {

class LlmClient;
class LlmReply;

// Preferences' Test button: one tiny request (a few tokens, no retry) to an endpoint as the runs
// would send it, so that a wrong URL, model or key shows up before a run, in the server's own
// words. A job: start() once; finished() follows from the event loop, then result() holds the
// model's answer or the error.
class ModelProbe : public QObject
{
    Q_OBJECT

public:
    ModelProbe(const LlmEndpoint &endpoint, QNetworkAccessManager *network,
               QObject *parent = nullptr);
    ~ModelProbe() override;

    void start();
    bool isFinished() const { return m_finished; }
    // The answer's text (trimmed, may be empty), or why there is none.
    const Result<QString> &result() const { return m_result; }
    // How long the answer took, in milliseconds.
    qint64 elapsedMs() const { return m_elapsedMs; }

Q_SIGNALS:
    void finished();

private:
    LlmClient *m_client = nullptr;
    QPointer<LlmReply> m_reply;
    Result<QString> m_result;
    qint64 m_elapsedMs = 0;
    bool m_finished = false;
};

} // namespace Terrarium::Core
