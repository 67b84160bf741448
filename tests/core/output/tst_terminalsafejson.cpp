#include "core/output/TerminalSafeJson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

class tst_TerminalSafeJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escapesWhatATerminalWouldObey_data();
    void escapesWhatATerminalWouldObey();
    void leavesOtherTextAlone();
};

void tst_TerminalSafeJson::escapesWhatATerminalWouldObey_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("C1 CSI (issue 27)") << u"\u009b2J"_s << QByteArray(R"("\u009b2J")");
    QTest::newRow("C1 OSC and ST") << u"\u009d0;x\u009c"_s << QByteArray(R"("\u009d0;x\u009c")");
    QTest::newRow("DEL") << u"a\u007fb"_s << QByteArray(R"("a\u007fb")");
    QTest::newRow("C0, as Qt escapes it") << u"\u001b[2J"_s << QByteArray(R"("\u001b[2J")");
    QTest::newRow("line and paragraph separators")
        << u"a\u2028b\u2029"_s << QByteArray(R"("a\u2028b\u2029")");
    QTest::newRow("bidi override and isolate")
        << u"\u202etxt\u2066"_s << QByteArray(R"("\u202etxt\u2066")");
    QTest::newRow("zero width and BOM") << u"a\u200bb\ufeff"_s << QByteArray(R"("a\u200bb\ufeff")");
    QTest::newRow("format character above U+FFFF")
        << QString::fromUcs4(U"tag\U000E0041") << QByteArray(R"("tag\udb40\udc41")");
}

void tst_TerminalSafeJson::escapesWhatATerminalWouldObey()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, json);
    const QByteArray made = TerminalSafeJson::compact({{u"t"_s, text}});
    QCOMPARE(made, "{\"t\":" + json + "}");
    // The same value, nothing lost.
    QCOMPARE(QJsonDocument::fromJson(made).object().value(u"t"_s).toString(), text);
}

void tst_TerminalSafeJson::leavesOtherTextAlone()
{
    const QString text = u"café 日本 \U0001F600 \u00a0 tab\t"_s;
    const QByteArray made = TerminalSafeJson::compact({{u"t"_s, text}});
    QCOMPARE(made, QJsonDocument(QJsonObject{{u"t"_s, text}}).toJson(QJsonDocument::Compact));
    const QByteArray ascii = R"({"a":"plain"})";
    QCOMPARE(TerminalSafeJson::escape(ascii), ascii);
    QVERIFY(TerminalSafeJson::escape(ascii).isSharedWith(ascii));
}

QTEST_GUILESS_MAIN(tst_TerminalSafeJson)
#include "tst_terminalsafejson.moc"
