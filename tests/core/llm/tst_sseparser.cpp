#include "core/llm/SseParser.h"

#include "tests/support/LlmTestServer.h"

#include <QJsonDocument>
#include <QTest>

using Terrarium::Core::SseEvent;
using Terrarium::Core::SseParser;
using Terrarium::Tests::LlmTestServer;

using Events = QList<SseEvent>;

namespace {

SseEvent ev(const QByteArray &data, const QByteArray &event = "message", const QByteArray &id = {})
{
    return SseEvent{event, data, id};
}

Events parseWhole(QByteArrayView input, bool finish = true)
{
    SseParser parser;
    parser.feed(input);
    if (finish)
        parser.finish();
    return parser.takeEvents();
}

// Feeds the input in pieces cut at the given positions.
Events parseSplit(QByteArrayView input, const QList<qsizetype> &cuts)
{
    SseParser parser;
    Events events;
    qsizetype pos = 0;
    for (qsizetype cut : cuts) {
        parser.feed(input.sliced(pos, cut - pos));
        events += parser.takeEvents(); // taking midway must not change anything
        pos = cut;
    }
    parser.feed(input.sliced(pos));
    parser.finish();
    events += parser.takeEvents();
    return events;
}

QString describe(const Events &events)
{
    QStringList lines;
    for (const SseEvent &event : events) {
        lines.append(QStringLiteral("[%1|%2|%3]")
                         .arg(QString::fromUtf8(event.event), QString::fromUtf8(event.data),
                              QString::fromUtf8(event.id)));
    }
    return lines.join(u' ');
}

} // namespace

class tst_SseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framing_data();
    void framing();
    void framingSplitAnywhere_data() { framing_data(); }
    void framingSplitAnywhere();
    void retryField();
    void fixtureSplitAtEveryByte_data();
    void fixtureSplitAtEveryByte();
    void fixtureByteByByte_data() { fixtureSplitAtEveryByte_data(); }
    void fixtureByteByByte();
    void responsesFramingMatchesJsonLines();
    void anthropicFixtureWithoutTrailingBlankLine();
    void oversizedLineIsAnError_data();
    void oversizedLineIsAnError();
    void feedAfterFinishIsIgnored();
};

void tst_SseParser::framing_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<Events>("expected");

    QTest::newRow("single data line") << QByteArray("data: hello\n\n") << Events{ev("hello")};
    QTest::newRow("event type") << QByteArray("event: ping\ndata: {}\n\n")
                                << Events{ev("{}", "ping")};
    QTest::newRow("multi-line data joined with LF")
        << QByteArray("data: a\ndata: b\ndata: c\n\n") << Events{ev("a\nb\nc")};
    QTest::newRow("empty data line dispatches empty data")
        << QByteArray("data:\n\n") << Events{ev("")};
    QTest::newRow("field name alone means empty value") << QByteArray("data\n\n") << Events{ev("")};
    QTest::newRow("no space after colon") << QByteArray("data:x\n\n") << Events{ev("x")};
    QTest::newRow("exactly one space stripped") << QByteArray("data:  x \n\n") << Events{ev(" x ")};
    QTest::newRow("colon inside the value") << QByteArray("data: a: b\n\n") << Events{ev("a: b")};
    QTest::newRow("comment ignored")
        << QByteArray(": keep-alive\ndata: x\n: another\n\n") << Events{ev("x")};
    QTest::newRow("comment-only block not dispatched") << QByteArray(": ping\n\n") << Events{};
    QTest::newRow("CRLF line ends")
        << QByteArray("event: e\r\ndata: a\r\ndata: b\r\n\r\n") << Events{ev("a\nb", "e")};
    QTest::newRow("CR line ends") << QByteArray("data: a\rdata: b\r\r") << Events{ev("a\nb")};
    QTest::newRow("mixed line ends") << QByteArray("data: a\r\ndata: b\rdata: c\n\r\ndata: d\r\r")
                                     << Events{ev("a\nb\nc"), ev("d")};
    QTest::newRow("CR CR is two line ends, not one")
        << QByteArray("data: a\r\rdata: b\n\n") << Events{ev("a"), ev("b")};
    QTest::newRow("unknown field ignored")
        << QByteArray("foo: bar\ndata: x\nDATA: y\n\n") << Events{ev("x")};
    QTest::newRow("field name with trailing space is unknown")
        << QByteArray("data : x\n\n") << Events{};
    QTest::newRow("event without data not dispatched")
        << QByteArray("event: lonely\n\ndata: x\n\n") << Events{ev("x")};
    QTest::newRow("event type reset after dispatch")
        << QByteArray("event: a\ndata: 1\n\ndata: 2\n\n") << Events{ev("1", "a"), ev("2")};
    QTest::newRow("leading BOM dropped") << QByteArray("\xEF\xBB\xBF"
                                                       "data: x\n\n")
                                         << Events{ev("x")};
    QTest::newRow("second BOM is part of the field name") << QByteArray("\xEF\xBB\xBF\xEF\xBB\xBF"
                                                                        "data: x\n\n")
                                                          << Events{};
    QTest::newRow("partial BOM is kept as bytes") << QByteArray("\xEF\xBB"
                                                                "data: x\n\ndata: y\n\n")
                                                  << Events{ev("y")};
    QTest::newRow("BOM then blank line")
        << QByteArray("\xEF\xBB\xBF\n\ndata: x\n\n") << Events{ev("x")};
    QTest::newRow("id persists across events")
        << QByteArray("id: 7\ndata: a\n\ndata: b\n\n")
        << Events{ev("a", "message", "7"), ev("b", "message", "7")};
    QTest::newRow("empty id resets it") << QByteArray("id: 7\ndata: a\n\nid\ndata: b\n\n")
                                        << Events{ev("a", "message", "7"), ev("b")};
    QTest::newRow("id containing NUL ignored")
        << (QByteArray("id: 1\ndata: a\n\nid: 2") + '\0' + QByteArray("x\ndata: b\n\n"))
        << Events{ev("a", "message", "1"), ev("b", "message", "1")};
    QTest::newRow("last event without blank line flushed at EOF")
        << QByteArray("data: a\n\nevent: end\ndata: b") << Events{ev("a"), ev("b", "end")};
    QTest::newRow("last event with single LF flushed at EOF")
        << QByteArray("data: a\n") << Events{ev("a")};
    QTest::newRow("UTF-8 payload kept as bytes")
        << QByteArray("data: h\xC3\xA9llo \xE2\x9C\x93 \xF0\x9F\x90\xA2\n\n")
        << Events{ev("h\xC3\xA9llo \xE2\x9C\x93 \xF0\x9F\x90\xA2")};
    QTest::newRow("DONE sentinel is ordinary data")
        << QByteArray("data: {}\n\ndata: [DONE]\n\n") << Events{ev("{}"), ev("[DONE]")};
    QTest::newRow("blank lines between events")
        << QByteArray("\n\n\ndata: a\n\n\n\ndata: b\n\n") << Events{ev("a"), ev("b")};
    QTest::newRow("empty input") << QByteArray() << Events{};
}

void tst_SseParser::framing()
{
    QFETCH(QByteArray, input);
    QFETCH(Events, expected);
    const Events events = parseWhole(input);
    QCOMPARE(describe(events), describe(expected));
    QCOMPARE(events, expected);
}

void tst_SseParser::framingSplitAnywhere()
{
    QFETCH(QByteArray, input);
    QFETCH(Events, expected);
    // Every single cut position, and every pair of cut positions: catches state carried
    // between feeds (CR at a chunk end, a BOM in pieces, a field name cut in two).
    for (qsizetype a = 0; a <= input.size(); ++a) {
        const Events single = parseSplit(input, {a});
        if (single != expected)
            QFAIL(qPrintable(QStringLiteral("cut at %1: %2").arg(a).arg(describe(single))));
        for (qsizetype b = a; b <= input.size(); ++b) {
            const Events twice = parseSplit(input, {a, b});
            if (twice != expected)
                QFAIL(qPrintable(
                    QStringLiteral("cuts at %1,%2: %3").arg(a).arg(b).arg(describe(twice))));
        }
    }
}

void tst_SseParser::retryField()
{
    SseParser parser;
    QCOMPARE(parser.retryMs(), -1);
    parser.feed("retry: 1500\ndata: x\n\nretry: soon\n\n");
    QCOMPARE(parser.retryMs(), 1500);
    QCOMPARE(parser.takeEvents(), (Events{ev("x")}));
}

void tst_SseParser::fixtureSplitAtEveryByte_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("eventCount");
    QTest::addColumn<QByteArray>("lastEvent");
    QTest::addColumn<QByteArray>("lastData");

    QTest::newRow("openai-chat-tool-call") << QStringLiteral("openai-chat-tool-call.sse") << 14
                                           << QByteArray("message") << QByteArray("[DONE]");
    QTest::newRow("openai-responses-function-call")
        << QStringLiteral("openai-responses-function-call.sse") << 12
        << QByteArray("response.completed") << QByteArray();
    QTest::newRow("anthropic-tool-use")
        << QStringLiteral("anthropic-tool-use.sse") << 15 << QByteArray("message_stop")
        << QByteArray(R"({"type":"message_stop"})");
    QTest::newRow("anthropic-error")
        << QStringLiteral("anthropic-error.sse") << 1 << QByteArray("error")
        << QByteArray(
               R"({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})");
}

void tst_SseParser::fixtureSplitAtEveryByte()
{
    QFETCH(QString, fixture);
    QFETCH(int, eventCount);
    QFETCH(QByteArray, lastEvent);
    QFETCH(QByteArray, lastData);

    const QByteArray bytes = LlmTestServer::fixture(fixture);
    QVERIFY(!bytes.isEmpty());
    const Events whole = parseWhole(bytes);
    QCOMPARE(whole.size(), eventCount);
    QCOMPARE(whole.last().event, lastEvent);
    if (!lastData.isEmpty())
        QCOMPARE(whole.last().data, lastData);
    for (const SseEvent &event : whole) {
        if (event.data == "[DONE]")
            continue;
        QJsonParseError error;
        QJsonDocument::fromJson(event.data, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, event.data.constData());
        // A named event repeats its name in data.type (Responses, Anthropic).
        if (event.event != "message")
            QVERIFY(QJsonDocument::fromJson(event.data)["type"].toString().toUtf8() == event.event);
    }

    for (qsizetype cut = 0; cut <= bytes.size(); ++cut) {
        if (parseSplit(bytes, {cut}) != whole)
            QFAIL(qPrintable(QStringLiteral("differs when split at byte %1").arg(cut)));
    }
}

void tst_SseParser::fixtureByteByByte()
{
    QFETCH(QString, fixture);
    const QByteArray bytes = LlmTestServer::fixture(fixture);
    QVERIFY(!bytes.isEmpty());
    SseParser parser;
    for (char byte : bytes)
        parser.feed(QByteArrayView(&byte, 1));
    parser.finish();
    QCOMPARE(parser.takeEvents(), parseWhole(bytes));
}

void tst_SseParser::responsesFramingMatchesJsonLines()
{
    // The .sse was derived from the .jsonl recording: each line is one event's data.
    const QList<QByteArray> lines =
        LlmTestServer::fixture(QStringLiteral("openai-responses-function-call.jsonl"))
            .trimmed()
            .split('\n');
    const Events events =
        parseWhole(LlmTestServer::fixture(QStringLiteral("openai-responses-function-call.sse")));
    QCOMPARE(events.size(), lines.size());
    for (qsizetype i = 0; i < lines.size(); ++i)
        QCOMPARE(events.at(i).data, lines.at(i));
}

void tst_SseParser::anthropicFixtureWithoutTrailingBlankLine()
{
    const QByteArray bytes = LlmTestServer::fixture(QStringLiteral("anthropic-tool-use.sse"));
    QVERIFY(bytes.endsWith(R"(data: {"type":"message_stop"})"));
    SseParser parser;
    parser.feed(bytes);
    const Events beforeEof = parser.takeEvents();
    QCOMPARE(beforeEof.size(), 14);
    QCOMPARE(beforeEof.last().event, QByteArray("message_delta"));
    parser.finish();
    const Events atEof = parser.takeEvents();
    QCOMPARE(atEof, (Events{ev(R"({"type":"message_stop"})", "message_stop")}));
}

void tst_SseParser::oversizedLineIsAnError_data()
{
    QTest::addColumn<QList<QByteArray>>("chunks");
    QTest::addColumn<bool>("error");
    QTest::addColumn<int>("eventsBefore");

    const QByteArray big(100, 'x');
    QTest::newRow("line within limit")
        << QList<QByteArray>{"data: " + QByteArray(50, 'x') + "\n\n"} << false << 1;
    QTest::newRow("one long line")
        << QList<QByteArray>{"data: a\n\ndata: " + big + "\n\n"} << true << 1;
    QTest::newRow("long line across feeds")
        << QList<QByteArray>{"data: a\n\ndata: ", big.left(40), big.mid(40), "\n\n"} << true << 1;
    QTest::newRow("long line without terminator") << QList<QByteArray>{"data: " + big} << true << 0;
    QTest::newRow("many short data lines in one event")
        << QList<QByteArray>{QByteArray("data: 0123456789\n").repeated(8) + "\n"} << true << 0;
    QTest::newRow("many short events are fine")
        << QList<QByteArray>{QByteArray("data: 0123456789\n\n").repeated(100)} << false << 100;
}

void tst_SseParser::oversizedLineIsAnError()
{
    QFETCH(QList<QByteArray>, chunks);
    QFETCH(bool, error);
    QFETCH(int, eventsBefore);
    SseParser parser(64);
    QCOMPARE(parser.maxEventSize(), 64);
    for (const QByteArray &chunk : chunks)
        parser.feed(chunk);
    parser.feed("data: after\n\n"); // ignored once in error
    parser.finish();
    QCOMPARE(parser.hasError(), error);
    const Events events = parser.takeEvents();
    QCOMPARE(events.size(), eventsBefore + (error ? 0 : 1));
}

void tst_SseParser::feedAfterFinishIsIgnored()
{
    SseParser parser;
    parser.feed("data: a");
    parser.finish();
    parser.feed("\n\ndata: b\n\n");
    parser.finish();
    QCOMPARE(parser.takeEvents(), (Events{ev("a")}));
    QVERIFY(!parser.hasError());
}

QTEST_GUILESS_MAIN(tst_SseParser)
#include "tst_sseparser.moc"
