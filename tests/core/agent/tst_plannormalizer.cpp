#include "core/agent/PlanNormalizer.h"

#include <QTest>

using Terrarium::Core::PlanNormalizer;

class tst_PlanNormalizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalize_data();
    void normalize();
    void rejects_data();
    void rejects();
    void capsLongTitles();
    void rejectsRunawayPlans();
};

void tst_PlanNormalizer::normalize_data()
{
    QTest::addColumn<QString>("output");
    QTest::addColumn<QStringList>("steps");

    const QStringList two{QStringLiteral("Create config.txt"), QStringLiteral("Print config.txt")};
    QTest::newRow("strict json") << R"({"plan":["Create config.txt","Print config.txt"]})" << two;
    QTest::newRow("steps key") << R"({"steps":["Create config.txt","Print config.txt"]})" << two;
    QTest::newRow("bare array") << R"(["Create config.txt", "Print config.txt"])" << two;
    // A title cannot rearrange or hide what the checklist, cards and logs show.
    QTest::newRow("control and bidi characters in titles")
        << R"(["List files\u001b[2K", "Show \u202eexe.txt"])"
        << QStringList{QStringLiteral("List files\\x1b[2K"), QStringLiteral("Show \\u202eexe.txt")};
    QTest::newRow("objects with title")
        << R"({"plan":[{"title":"Create config.txt"},{"title":"Print config.txt"}]})" << two;
    QTest::newRow("objects with description")
        << R"({"steps":[{"id":1,"description":"Create config.txt"},{"id":2,"description":"Print config.txt"}]})"
        << two;
    QTest::newRow("code fence json")
        << "```json\n{\"plan\": [\"Create config.txt\", \"Print config.txt\"]}\n```" << two;
    QTest::newRow("code fence without language")
        << "```\n{\"plan\": [\"Create config.txt\", \"Print config.txt\"]}\n```" << two;
    QTest::newRow("prose around json") << "Sure! Here is the plan:\n{\"plan\": [\"Create "
                                          "config.txt\", \"Print config.txt\"]}\nGood luck."
                                       << two;
    QTest::newRow("numbered list") << "1. Create config.txt\n2. Print config.txt" << two;
    QTest::newRow("numbered list with parens")
        << "1) Create config.txt\n2) Print config.txt" << two;
    QTest::newRow("step prefix") << "Step 1: Create config.txt\nStep 2: Print config.txt" << two;
    QTest::newRow("bullets with prose")
        << "Plan:\n- Create config.txt\n* Print config.txt\nThat's it." << two;
    QTest::newRow("bold list items") << "1. **Create config.txt**\n2. **Print config.txt**" << two;
    QTest::newRow("whitespace collapsed")
        << R"({"plan":["  Create   config.txt ","Print	config.txt"]})" << two;
    QTest::newRow("empty entries dropped")
        << R"({"plan":["Create config.txt","","  ","Print config.txt"]})" << two;
    QTest::newRow("nested plan object")
        << R"({"plan":{"steps":["Create config.txt","Print config.txt"]}})" << two;
    QTest::newRow("unicode") << R"({"plan":["Écrire « bonjour » dans hello.txt"]})"
                             << QStringList{QStringLiteral("Écrire « bonjour » dans hello.txt")};
}

void tst_PlanNormalizer::normalize()
{
    QFETCH(QString, output);
    QFETCH(QStringList, steps);
    const auto result = PlanNormalizer::normalize(output);
    QVERIFY(result.has_value());
    QCOMPARE(*result, steps);
}

void tst_PlanNormalizer::rejects_data()
{
    QTest::addColumn<QString>("output");
    QTest::newRow("empty") << QString();
    QTest::newRow("whitespace") << QStringLiteral("  \n ");
    QTest::newRow("empty plan") << QStringLiteral(R"({"plan":[]})");
    QTest::newRow("plan of empty strings") << QStringLiteral(R"({"plan":["", " "]})");
    QTest::newRow("wrong key") << QStringLiteral(R"({"answer":"do it"})");
    QTest::newRow("plan is a string") << QStringLiteral(R"({"plan":"do everything"})");
    QTest::newRow("prose only") << QStringLiteral("I cannot help with that.");
    QTest::newRow("truncated json") << QStringLiteral(R"({"plan":["Create config)");
    QTest::newRow("numbers only") << QStringLiteral(R"({"plan":[1,2,3]})");
}

void tst_PlanNormalizer::rejects()
{
    QFETCH(QString, output);
    QVERIFY(!PlanNormalizer::normalize(output).has_value());
}

void tst_PlanNormalizer::capsLongTitles()
{
    const QString longTitle(2000, u'x');
    const auto result =
        PlanNormalizer::normalize(QStringLiteral(R"({"plan":["%1"]})").arg(longTitle));
    QVERIFY(result.has_value());
    QCOMPARE(result->first().size(), PlanNormalizer::MaxTitleLength);
}

void tst_PlanNormalizer::rejectsRunawayPlans()
{
    QStringList lines;
    for (int i = 1; i <= PlanNormalizer::MaxSteps + 1; ++i)
        lines << QStringLiteral("%1. step %1").arg(i);
    QVERIFY(!PlanNormalizer::normalize(lines.join(u'\n')).has_value());
}

QTEST_GUILESS_MAIN(tst_PlanNormalizer)
#include "tst_plannormalizer.moc"
