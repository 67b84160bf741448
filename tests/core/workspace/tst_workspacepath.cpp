#include "core/workspace/WorkspacePath.h"

#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

class tst_WorkspacePath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void safePaths_data();
    void safePaths();
    void linkTargets_data();
    void linkTargets();
    void helpers();
};

void tst_WorkspacePath::safePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("safe");
    QTest::newRow("plain") << u"a.txt"_s << true;
    QTest::newRow("nested") << u"src/lib/a.cpp"_s << true;
    QTest::newRow("hidden") << u".config/x"_s << true;
    QTest::newRow("dots in a name") << u"a..b/...c"_s << true;
    QTest::newRow("unicode") << u"Überprojekt/日本.txt"_s << true;
    QTest::newRow("backslash is a name") << u"a\\..\\b"_s << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("absolute") << u"/etc/passwd"_s << false;
    QTest::newRow("dot dot") << u"../x"_s << false;
    QTest::newRow("dot dot inside") << u"a/../../x"_s << false;
    QTest::newRow("trailing dot dot") << u"a/.."_s << false;
    QTest::newRow("dot") << u"./a"_s << false;
    QTest::newRow("double slash") << u"a//b"_s << false;
    QTest::newRow("trailing slash") << u"a/"_s << false;
    QTest::newRow("NUL") << QString(u"a" + QString(QChar(0)) + u"b") << false;
}

void tst_WorkspacePath::safePaths()
{
    QFETCH(QString, path);
    QFETCH(bool, safe);
    QCOMPARE(WorkspacePath::isSafe(path), safe);
    QCOMPARE(WorkspacePath::problem(path).has_value(), !safe);
}

void tst_WorkspacePath::linkTargets_data()
{
    QTest::addColumn<QString>("link");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("resolved"); // "<out>": does not stay inside
    QTest::newRow("sibling") << u"a/l"_s << u"f"_s << u"a/f"_s;
    QTest::newRow("up one") << u"a/b/l"_s << u"../f"_s << u"a/f"_s;
    QTest::newRow("up to the root") << u"a/l"_s << u".."_s << QString();
    QTest::newRow("dot") << u"l"_s << u"."_s << QString();
    QTest::newRow("dot slash") << u"a/l"_s << u"./x/./y"_s << u"a/x/y"_s;
    QTest::newRow("up and down") << u"a/b/l"_s << u"../../c/d"_s << u"c/d"_s;
    QTest::newRow("one too many") << u"a/l"_s << u"../../x"_s << u"<out>"_s;
    QTest::newRow("out from the root") << u"l"_s << u"../x"_s << u"<out>"_s;
    QTest::newRow("absolute") << u"l"_s << u"/etc/passwd"_s << u"<out>"_s;
    QTest::newRow("absolute into the workspace") << u"l"_s << u"/workspace/a"_s << u"<out>"_s;
    QTest::newRow("dot dot after a name") << u"a/b/l"_s << u"x/../y"_s << u"<out>"_s;
    QTest::newRow("escape through a name") << u"l"_s << u"x/../../etc"_s << u"<out>"_s;
    QTest::newRow("empty") << u"l"_s << QString() << u"<out>"_s;
}

void tst_WorkspacePath::linkTargets()
{
    QFETCH(QString, link);
    QFETCH(QString, target);
    QFETCH(QString, resolved);
    const std::optional<QString> actual = WorkspacePath::resolveTarget(link, target);
    QCOMPARE(actual.value_or(u"<out>"_s), resolved);
    QCOMPARE(WorkspacePath::targetStaysInside(link, target), resolved != u"<out>");
}

void tst_WorkspacePath::helpers()
{
    QCOMPARE(WorkspacePath::parentOf(u"a/b/c"_s), u"a/b"_s);
    QCOMPARE(WorkspacePath::parentOf(u"c"_s), QString());
    QVERIFY(WorkspacePath::isBelow(u"a/b"_s, u"a"_s));
    QVERIFY(!WorkspacePath::isBelow(u"ab"_s, u"a"_s));
    QVERIFY(!WorkspacePath::isBelow(u"a"_s, u"a"_s));
    QVERIFY(WorkspacePath::isBelow(u"a"_s, QString()));
    QCOMPARE(WorkspacePath::depth(u"a/b/c"_s), 3);
    QCOMPARE(WorkspacePath::depth(QString()), 0);
}

QTEST_GUILESS_MAIN(tst_WorkspacePath)

#include "tst_workspacepath.moc"
