#include "core/agent/RunEvent.h"
#include "core/control/ControlProtocol.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Terrarium::Core;

class tst_ControlProtocol : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void requests();
    void refusals_data();
    void refusals();
    void replies();
    void controlsInEventsAreEscaped();
};

void tst_ControlProtocol::requests()
{
    auto parsed = ControlProtocol::parse(
        R"({"v": 1, "id": 7, "type": "approval.answer", "run_id": "5b2f-1", "step_id": 3,
            "decision": " Session "})");
    QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
    QCOMPARE(parsed->type, ControlRequestType::ApprovalAnswer);
    QCOMPARE(parsed->id, QJsonValue(7));
    QCOMPARE(parsed->runId, QStringLiteral("5b2f-1"));
    QCOMPARE(parsed->stepId, 3);
    QCOMPARE(parsed->decision, ApprovalDecision::Session);

    parsed = ControlProtocol::parse(R"({"v": 1, "type": "run.subscribe", "run_id": "r"})");
    QVERIFY(parsed);
    QCOMPARE(parsed->fromSeq, qint64(1)); // from the start unless told
    QVERIFY(parsed->id.isUndefined());
    parsed = ControlProtocol::parse(
        R"({"v": 1, "id": "a", "type": "run.subscribe", "run_id": "r", "from_seq": 42})");
    QCOMPARE(parsed->fromSeq, qint64(42));
    QCOMPARE(parsed->id, QJsonValue(QStringLiteral("a")));

    parsed = ControlProtocol::parse(R"({"v": 1, "type": "run.start", "task": "goal: x\n"})");
    QVERIFY(parsed);
    QCOMPARE(parsed->task, QStringLiteral("goal: x\n"));
    QVERIFY(parsed->goal.isEmpty());
    // The blank one of the two is dropped, so that no host takes blanks for a task (or a goal).
    parsed = ControlProtocol::parse(R"({"v": 1, "type": "run.start", "goal": "x", "task": "  "})");
    QVERIFY(parsed);
    QCOMPARE(parsed->goal, QStringLiteral("x"));
    QVERIFY(parsed->task.isEmpty());
    parsed = ControlProtocol::parse(R"({"v": 1, "type": "run.start", "goal": " ", "task": "t"})");
    QVERIFY(parsed);
    QVERIFY(parsed->goal.isEmpty());
    QCOMPARE(parsed->task, QStringLiteral("t"));
    // Input is passed on as it is, newline and all (an empty line is input too).
    parsed = ControlProtocol::parse(
        R"({"v": 1, "type": "input.send", "run_id": "r", "step_id": 1, "text": "\n"})");
    QVERIFY(parsed);
    QCOMPARE(parsed->text, QStringLiteral("\n"));
    // The challenge and response (issue 27): the client's nonce, then its proof.
    const QByteArray nonce(64, 'c');
    parsed = ControlProtocol::parse(
        QByteArray(R"({"v": 1, "id": 1, "type": "auth.challenge", "nonce": ")" + nonce + "\"}"));
    QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
    QCOMPARE(parsed->type, ControlRequestType::AuthChallenge);
    QCOMPARE(parsed->nonce, QString::fromLatin1(nonce));
    parsed = ControlProtocol::parse(
        QByteArray(R"({"v": 1, "type": "auth", "proof": ")" + QByteArray(64, 'd') + "\"}"));
    QVERIFY(parsed);
    QCOMPARE(parsed->type, ControlRequestType::Auth);
    QCOMPARE(parsed->proof, QString(64, u'd'));
    QVERIFY(parsed->token.isEmpty());
    parsed = ControlProtocol::parse(R"({"v": 1, "type": "auth", "token": "t0k3n"})");
    QVERIFY(parsed);
    QCOMPARE(parsed->token, QStringLiteral("t0k3n"));
    QVERIFY(parsed->proof.isEmpty());
    parsed = ControlProtocol::parse(R"({"v": 1, "type": "terminal.open", "run_id": "r"})");
    QVERIFY(parsed);
    QCOMPARE(parsed->type, ControlRequestType::TerminalOpen);
    QCOMPARE(parsed->columns, 100); // unless told
    QCOMPARE(parsed->rows, 30);
}

void tst_ControlProtocol::refusals_data()
{
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<QString>("says");
    QTest::newRow("not json") << QByteArray("hello") << "not JSON";
    QTest::newRow("array") << QByteArray("[]") << "not a JSON object";
    QTest::newRow("no version") << QByteArray(R"({"type": "runs.list"})") << "version";
    QTest::newRow("version 2") << QByteArray(R"({"v": 2, "type": "runs.list"})") << "version";
    QTest::newRow("no type") << QByteArray(R"({"v": 1})") << "no \"type\"";
    QTest::newRow("unknown type") << QByteArray(R"({"v": 1, "type": "shell.exec"})")
                                  << "Unknown message type \"shell.exec\"";
    QTest::newRow("object id") << QByteArray(R"({"v": 1, "id": {}, "type": "runs.list"})")
                               << "\"id\"";
    QTest::newRow("run id path") << QByteArray(R"({"v": 1, "type": "run.cancel",
                                                   "run_id": "../x"})")
                                 << "run_id";
    // "$" alone would let a final newline through.
    QTest::newRow("run id with a newline")
        << QByteArray(R"({"v": 1, "type": "run.cancel", "run_id": "r\n"})") << "run_id";
    QTest::newRow("run id number")
        << QByteArray(R"({"v": 1, "type": "run.cancel", "run_id": 5})") << "run_id";
    QTest::newRow("step 0") << QByteArray(R"({"v": 1, "type": "input.close", "run_id": "r",
                                              "step_id": 0})")
                            << "step_id";
    QTest::newRow("step fraction") << QByteArray(R"({"v": 1, "type": "input.close",
                                                     "run_id": "r", "step_id": 1.5})")
                                   << "step_id";
    QTest::newRow("step huge") << QByteArray(R"({"v": 1, "type": "input.close", "run_id": "r",
                                                 "step_id": 1e20})")
                               << "step_id";
    QTest::newRow("seq as text") << QByteArray(R"({"v": 1, "type": "run.subscribe",
                                                   "run_id": "r", "from_seq": "1"})")
                                 << "from_seq";
    QTest::newRow("bad decision") << QByteArray(R"({"v": 1, "type": "approval.answer",
                                                    "run_id": "r", "step_id": 1,
                                                    "decision": "yes"})")
                                  << "decision";
    QTest::newRow("start with nothing")
        << QByteArray(R"({"v": 1, "type": "run.start"})") << "either a \"goal\" or a \"task\"";
    QTest::newRow("start with both") << QByteArray(R"({"v": 1, "type": "run.start",
                                                       "goal": "a", "task": "b"})")
                                     << "either a \"goal\" or a \"task\"";
    QTest::newRow("auth with nothing")
        << QByteArray(R"({"v": 1, "type": "auth"})") << "either a \"proof\" or a \"token\"";
    QTest::newRow("auth with both") << QByteArray(
        R"({"v": 1, "type": "auth", "token": "t", "proof": ")" + QByteArray(64, 'a') + "\"}")
                                    << "either a \"proof\" or a \"token\"";
    QTest::newRow("proof not hex")
        << QByteArray(R"({"v": 1, "type": "auth", "proof": ")" + QByteArray(63, 'a') + "g\"}")
        << "\"proof\"";
    QTest::newRow("short nonce") << QByteArray(R"({"v": 1, "type": "auth.challenge", "nonce": ")"
                                               + QByteArray(31, 'a') + "\"}")
                                 << "\"nonce\"";
    QTest::newRow("nonce with a separator") << QByteArray(
        R"({"v": 1, "type": "auth.challenge", "nonce": ")" + QByteArray(40, 'a') + "|x\"}")
                                            << "\"nonce\"";
    QTest::newRow("terminal id with a path")
        << QByteArray(R"({"v": 1, "type": "terminal.close", "terminal_id": "../t1"})")
        << "terminal_id";
    QTest::newRow("terminal id with a newline")
        << QByteArray(R"({"v": 1, "type": "terminal.close", "terminal_id": "t1\n"})")
        << "terminal_id";
    QTest::newRow("terminal too wide")
        << QByteArray(R"({"v": 1, "type": "terminal.open", "run_id": "r", "cols": 5000})")
        << "\"cols\" and \"rows\"";
    QTest::newRow("goal too long") << (QByteArray(R"({"v": 1, "type": "run.start", "goal": ")")
                                       + QByteArray(ControlProtocol::MaxTextChars + 1, 'g') + "\"}")
                                   << "longer than";
}

void tst_ControlProtocol::refusals()
{
    QFETCH(QByteArray, message);
    QFETCH(QString, says);
    const auto parsed = ControlProtocol::parse(message);
    QVERIFY(!parsed);
    QCOMPARE(parsed.error().code, ErrorCode::InvalidInput);
    QVERIFY2(parsed.error().message.contains(says), qPrintable(parsed.error().message));
}

void tst_ControlProtocol::replies()
{
    const auto object = [](const QByteArray &json) {
        return QJsonDocument::fromJson(json).object();
    };
    QCOMPARE(object(ControlProtocol::hello(false)),
             object(R"({"v":1,"type":"hello","server":"terrarium","authenticated":false})"));
    QCOMPARE(object(ControlProtocol::hello(false, QString(64, u'e'))),
             object(QByteArray(
                 R"({"v":1,"type":"hello","server":"terrarium","authenticated":false,"challenge":")"
                 + QByteArray(64, 'e') + "\"}")));
    QCOMPARE(object(ControlProtocol::result(7, {{QStringLiteral("run_id"), QStringLiteral("r")}})),
             object(R"({"v":1,"type":"result","id":7,"run_id":"r"})"));
    QCOMPARE(object(ControlProtocol::error(QStringLiteral("x"),
                                           Error{ErrorCode::NotFound, QStringLiteral("gone")})),
             object(R"({"v":1,"type":"error","id":"x","code":"not_found","message":"gone"})"));
    QCOMPARE(object(ControlProtocol::lagging(QStringLiteral("r"), 41)),
             object(R"({"v":1,"type":"lagging","run_id":"r","last_seq":41})"));
    // An event is the object --headless prints, whole.
    const RunEvent event{.runId = QStringLiteral("r"),
                         .seq = 3,
                         .timestamp = QDateTime::currentDateTimeUtc(),
                         .data = Events::RePlanning{.attempt = 2}};
    const QJsonObject sent = object(ControlProtocol::event(event));
    QCOMPARE(sent.value(QLatin1String("type")).toString(), QStringLiteral("event"));
    QCOMPARE(sent.value(QLatin1String("event")).toObject(), event.toJson());
    // The id of a message that could not be read comes back when it can.
    QCOMPARE(ControlProtocol::idOf(R"({"id": 9, "type": "nope"})"), QJsonValue(9));
    QVERIFY(ControlProtocol::idOf("garbage").isUndefined());
}

void tst_ControlProtocol::controlsInEventsAreEscaped()
{
    // Issue 27: a sandbox prints a C1 CSI (U+009B, which VTE obeys), an OSC (U+009D), a line
    // separator and a bidi override; a client printing the message (websocat) must not send
    // them to its terminal. The parsed event is the same.
    const QString data = QStringLiteral("\u009b2J\u009d0;owned\u0007 \u2028 \u202egnp.exe");
    const RunEvent event{.runId = QStringLiteral("r"),
                         .seq = 4,
                         .timestamp = QDateTime::currentDateTimeUtc(),
                         .data = Events::StepOutput{.stepId = 1, .data = data}};
    const QByteArray sent = ControlProtocol::event(event);
    for (const char *raw : {"\xc2\x9b", "\xc2\x9d", "\xe2\x80\xa8", "\xe2\x80\xae", "\x07"})
        QVERIFY2(!sent.contains(raw), sent.constData());
    QVERIFY2(sent.contains(R"(\u009b2J\u009d0;owned\u0007 \u2028 \u202egnp.exe)"),
             sent.constData());
    const QJsonObject parsed = QJsonDocument::fromJson(sent).object();
    QCOMPARE(parsed.value(QLatin1String("event")).toObject(), event.toJson());
}

QTEST_GUILESS_MAIN(tst_ControlProtocol)
#include "tst_controlprotocol.moc"
