#include "HeadlessRun.h"

#include "tests/TestPaths.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

namespace Terrarium::Tests {

QString HeadlessRun::binary()
{
    return QStringLiteral(TERRARIUM_BINARY_DIR "/app/terrarium");
}

bool HeadlessRun::waitForExit(QProcess &process, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (process.state() != QProcess::NotRunning && clock.elapsed() < timeoutMs)
        QTest::qWait(50);
    return process.state() == QProcess::NotRunning;
}

QList<QJsonObject> HeadlessRun::parseEvents(const QByteArray &stdoutBytes)
{
    QList<QJsonObject> events;
    for (const QByteArray &line : stdoutBytes.split('\n')) {
        if (!line.isEmpty())
            events.append(QJsonDocument::fromJson(line).object());
    }
    return events;
}

QList<QJsonObject> HeadlessRun::payloads(const QList<QJsonObject> &events, const QString &type)
{
    QList<QJsonObject> found;
    for (const QJsonObject &event : events) {
        if (event.value(QLatin1String("type")).toString() == type)
            found.append(event.value(QLatin1String("payload")).toObject());
    }
    return found;
}

} // namespace Terrarium::Tests
