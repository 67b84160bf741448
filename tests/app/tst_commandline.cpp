#include "app/CommandLine.h"

#include <QTest>

using Terrarium::App::CommandLine;

class tst_CommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headlessRun();
    void goalFromPositionalArguments();
    void errors_data();
    void errors();
    void taskFileAndYes();
    void helpAndVersion();
    void cleanOrphans();
};

void tst_CommandLine::headlessRun()
{
    const auto parsed =
        CommandLine::parse({QStringLiteral("terrarium"),        QStringLiteral("--headless"),
                            QStringLiteral("--goal"),           QStringLiteral("  fix the build "),
                            QStringLiteral("--sandbox"),        QStringLiteral("host"),
                            QStringLiteral("--planner-model"),  QStringLiteral("p"),
                            QStringLiteral("--executor-model"), QStringLiteral("e"),
                            QStringLiteral("--base-url"),       QStringLiteral("http://h/v1"),
                            QStringLiteral("--provider"),       QStringLiteral("chat"),
                            QStringLiteral("--approve"),        QStringLiteral("safe"),
                            QStringLiteral("--max-steps"),      QStringLiteral("9"),
                            QStringLiteral("--step-timeout"),   QStringLiteral("60")});
    QVERIFY2(parsed.options.has_value(), qPrintable(parsed.error));
    const auto &options = *parsed.options;
    QVERIFY(options.headless);
    QCOMPARE(options.goal, QStringLiteral("fix the build"));
    QCOMPARE(options.overrides.sandbox, std::optional(QStringLiteral("host")));
    QCOMPARE(options.overrides.plannerModel, std::optional(QStringLiteral("p")));
    QCOMPARE(options.overrides.executorModel, std::optional(QStringLiteral("e")));
    QCOMPARE(options.overrides.baseUrl, std::optional(QStringLiteral("http://h/v1")));
    QCOMPARE(options.overrides.provider, std::optional(QStringLiteral("chat")));
    QCOMPARE(options.overrides.approval, std::optional(QStringLiteral("safe")));
    QCOMPARE(options.overrides.maxSteps, std::optional(QStringLiteral("9")));
    QCOMPARE(options.overrides.stepTimeoutSeconds, std::optional(QStringLiteral("60")));
    QVERIFY(!options.overrides.workspace.has_value());
}

void tst_CommandLine::goalFromPositionalArguments()
{
    const auto parsed =
        CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"),
                            QStringLiteral("list"), QStringLiteral("files")});
    QVERIFY(parsed.options.has_value());
    QCOMPARE(parsed.options->goal, QStringLiteral("list files"));
}

void tst_CommandLine::errors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--nope")} << "Unknown option";
    QTest::newRow("missing value") << QStringList{QStringLiteral("--goal")} << "Missing value";
    QTest::newRow("headless without goal")
        << QStringList{QStringLiteral("--headless")} << "needs a goal";
    QTest::newRow("goal twice") << QStringList{QStringLiteral("--goal"), QStringLiteral("a"),
                                               QStringLiteral("b")}
                                << "not both";
    QTest::newRow("task file and goal")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--task"),
                       QStringLiteral("t.yaml"), QStringLiteral("--goal"), QStringLiteral("x")}
        << "not both";
    QTest::newRow("clean orphans with a goal in the window")
        << QStringList{QStringLiteral("--clean-orphans"), QStringLiteral("--goal"),
                       QStringLiteral("x")}
        << "--clean-orphans works alone or with --headless";
}

void tst_CommandLine::errors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    arguments.prepend(QStringLiteral("terrarium"));
    const auto parsed = CommandLine::parse(arguments);
    QVERIFY(!parsed.options.has_value());
    QVERIFY2(parsed.error.contains(message), qPrintable(parsed.error));
}

void tst_CommandLine::taskFileAndYes()
{
    const auto parsed =
        CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"),
                            QStringLiteral("--task"), QStringLiteral("t.yaml")});
    QVERIFY2(parsed.options.has_value(), qPrintable(parsed.error));
    QCOMPARE(parsed.options->taskFile, QStringLiteral("t.yaml"));
    QVERIFY(parsed.options->goal.isEmpty());
    // Consent is never implied.
    QVERIFY(!parsed.options->yes);
    const auto yes = CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"),
                                         QStringLiteral("--task"), QStringLiteral("t.yaml"),
                                         QStringLiteral("--yes")});
    QVERIFY(yes.options && yes.options->yes);
}

void tst_CommandLine::helpAndVersion()
{
    const auto help = CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--help")});
    QVERIFY(help.options && help.options->showHelp);
    QVERIFY(help.helpText.contains(QLatin1String("--executor-model")));
    const auto version = CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("-v")});
    QVERIFY(version.options && version.options->showVersion);
    // No goal is needed to print help, even with --headless.
    const auto headlessHelp = CommandLine::parse(
        {QStringLiteral("terrarium"), QStringLiteral("--headless"), QStringLiteral("--help")});
    QVERIFY(headlessHelp.options && headlessHelp.options->showHelp);
}

void tst_CommandLine::cleanOrphans()
{
    // Alone: clean and exit, without a window.
    const auto alone =
        CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--clean-orphans")});
    QVERIFY2(alone.options, qPrintable(alone.error));
    QVERIFY(alone.options->cleanOrphans);
    QVERIFY(alone.options->isMaintenance());
    QVERIFY(alone.helpText.contains(QLatin1String("--clean-orphans")));
    // With a headless run: clean, and run.
    const auto run = CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"),
                                         QStringLiteral("--clean-orphans"),
                                         QStringLiteral("--goal"), QStringLiteral("x")});
    QVERIFY2(run.options, qPrintable(run.error));
    QVERIFY(run.options->cleanOrphans);
    QVERIFY(!run.options->isMaintenance());
    const auto without =
        CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"),
                            QStringLiteral("--goal"), QStringLiteral("x")});
    QVERIFY(without.options && !without.options->cleanOrphans);
}

QTEST_GUILESS_MAIN(tst_CommandLine)
#include "tst_commandline.moc"
