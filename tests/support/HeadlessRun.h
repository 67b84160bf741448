#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

class QProcess;

namespace Terrarium::Tests {

// Helpers for tests that run the terrarium executable headless and read its JSON-lines events.
class HeadlessRun
{
public:
    // build/app/terrarium of this build tree.
    static QString binary();
    // Spins the event loop until process ended; false on timeout.
    static bool waitForExit(QProcess &process, int timeoutMs);
    // One object per non-empty stdout line.
    static QList<QJsonObject> parseEvents(const QByteArray &stdoutBytes);
    // The payloads of the events of one type, in order.
    static QList<QJsonObject> payloads(const QList<QJsonObject> &events, const QString &type);
};

} // namespace Terrarium::Tests
