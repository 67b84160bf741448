#pragma once

#include "core/agent/RunEventPayloads.h"
#include "core/safety/SafetyGate.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <chrono>

class QTimer;

namespace Terrarium::Core {

class CommandRunner;
class FileReadJob;

// The first lines of the files of this run that a command waiting for approval runs, for the
// approval to show: read from the sandbox through the runner where it lets Terrarium read files,
// else the lines the command that wrote the file put there (ApprovalFile::linesFrom says
// which). A sandbox that does not answer within the timeout is not waited for.
//
// What was read is what the file held a moment before the question: a process still running
// in the sandbox may change it before the command runs.
class WrittenFilePreview : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype MaxLines = 8;
    static constexpr qsizetype MaxLineLength = 200;
    static constexpr qint64 MaxBytes = 64 * 1024;

    explicit WrittenFilePreview(QObject *parent = nullptr);
    ~WrittenFilePreview() override;

    // Starts reading; ready() follows from the event loop, once. runner is not owned.
    void start(CommandRunner *runner, const QList<SafetyGate::WrittenFile> &files,
               std::chrono::milliseconds timeout = std::chrono::seconds(3));

    // The first lines of text (MaxLines, each cut at MaxLineLength), and whether more follow.
    static QStringList firstLines(const QString &text, bool *more);

Q_SIGNALS:
    void ready(const QList<Terrarium::Core::Events::ApprovalFile> &files);

private:
    void onRead(int index);
    void finish();

    QList<SafetyGate::WrittenFile> m_files;
    QList<Events::ApprovalFile> m_result;
    QList<QPointer<FileReadJob>> m_jobs;
    int m_pending = 0;
    bool m_done = false;
    QTimer *m_timeout = nullptr;
};

} // namespace Terrarium::Core
