#include "app/CommandLine.h"

#include <QFile>
#include <QTemporaryDir>
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
    void serve();
    void openWithTerrarium();
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
    QTest::newRow("serve headless with a goal")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--serve"),
                       QStringLiteral("--goal"), QStringLiteral("x")}
        << "--serve with --headless takes no goal";
    QTest::newRow("serve on no port")
        << QStringList{QStringLiteral("--headless"), QStringLiteral("--serve=70000")}
        << "--serve takes a port from 0 to 65535";
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
    // Nor is it for the files programs on the host run by themselves.
    QVERIFY(!parsed.options->applyAutorun);
    QVERIFY(!parsed.options->overrides.allowAutorunWrites);
    const auto autorun = CommandLine::parse({QStringLiteral("terrarium"),
                                             QStringLiteral("--headless"), QStringLiteral("--goal"),
                                             QStringLiteral("x"), QStringLiteral("--apply-autorun"),
                                             QStringLiteral("--allow-autorun-writes")});
    QVERIFY2(autorun.options, qPrintable(autorun.error));
    QVERIFY(autorun.options->applyAutorun);
    QCOMPARE(autorun.options->overrides.allowAutorunWrites, QStringLiteral("true"));
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

void tst_CommandLine::serve()
{
    const auto parse = [](QStringList arguments) {
        arguments.prepend(QStringLiteral("terrarium"));
        return CommandLine::parse(arguments);
    };
    const auto byDefault = parse({QStringLiteral("--headless"), QStringLiteral("--serve")});
    QVERIFY2(byDefault.options, qPrintable(byDefault.error));
    QVERIFY(byDefault.options->serve);
    QCOMPARE(byDefault.options->servePort, Terrarium::App::DefaultServePort);
    QVERIFY(byDefault.options->goal.isEmpty());
    // The port is optional; one that follows is not taken for a goal.
    const auto port =
        parse({QStringLiteral("--headless"), QStringLiteral("--serve"), QStringLiteral("0"),
               QStringLiteral("--sandbox"), QStringLiteral("host")});
    QVERIFY2(port.options, qPrintable(port.error));
    QCOMPARE(port.options->servePort, quint16(0));
    QVERIFY(port.options->goal.isEmpty());
    QCOMPARE(port.options->overrides.sandbox, std::optional<QString>(QStringLiteral("host")));
    const auto equals = parse({QStringLiteral("--serve=8080"), QStringLiteral("--headless")});
    QVERIFY2(equals.options, qPrintable(equals.error));
    QCOMPARE(equals.options->servePort, quint16(8080));
    QVERIFY(byDefault.helpText.contains(QLatin1String("--serve")));
    // In the window: served while it is open, the goal there as usual.
    const auto window =
        parse({QStringLiteral("--serve"), QStringLiteral("--goal"), QStringLiteral("x")});
    QVERIFY2(window.options, qPrintable(window.error));
    QVERIFY(window.options->serve && !window.options->headless);
    QCOMPARE(window.options->goal, QStringLiteral("x"));

    // The Unix socket alone (headless needs no goal then either), or beside the port.
    const auto socketOnly = parse({QStringLiteral("--headless"), QStringLiteral("--serve-socket")});
    QVERIFY2(socketOnly.options, qPrintable(socketOnly.error));
    QVERIFY(socketOnly.options->serveSocket && !socketOnly.options->serve);
    QVERIFY(socketOnly.options->serves());
    const auto both = parse(
        {QStringLiteral("--serve-socket"), QStringLiteral("--serve"), QStringLiteral("9000")});
    QVERIFY2(both.options, qPrintable(both.error));
    QVERIFY(both.options->serveSocket && both.options->serve);
    QCOMPARE(both.options->servePort, quint16(9000));
    QVERIFY(byDefault.helpText.contains(QLatin1String("--serve-socket")));
    const auto socketWithGoal = parse(
        {QStringLiteral("--headless"), QStringLiteral("--serve-socket"), QStringLiteral("x")});
    QVERIFY(!socketWithGoal.options);
    QVERIFY(socketWithGoal.error.contains(QLatin1String("takes no goal")));
}

// The desktop's "Open with Terrarium" runs `terrarium FILE`: a task file is opened for review
// (never run by itself); any other argument is still a goal.
void tst_CommandLine::openWithTerrarium()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString taskPath = folder.filePath(QStringLiteral("deploy.terrarium.yaml"));
    QFile task(taskPath);
    QVERIFY(task.open(QIODevice::WriteOnly));
    task.write("goal: deploy\n");
    task.close();

    const auto opened = CommandLine::parse({QStringLiteral("terrarium"), taskPath});
    QVERIFY2(opened.options, qPrintable(opened.error));
    QCOMPARE(opened.options->taskFile, taskPath);
    QVERIFY(opened.options->goal.isEmpty());
    QVERIFY(!opened.options->headless);

    // A task file's name that is no file, a plain file, and headless: goals, as before.
    const QString missing = folder.filePath(QStringLiteral("gone.terrarium.md"));
    const auto notAFile = CommandLine::parse({QStringLiteral("terrarium"), missing});
    QCOMPARE(notAFile.options->goal, missing);
    QVERIFY(notAFile.options->taskFile.isEmpty());
    const QString plainPath = folder.filePath(QStringLiteral("notes.md"));
    QVERIFY(QFile::copy(taskPath, plainPath));
    const auto plain = CommandLine::parse({QStringLiteral("terrarium"), plainPath});
    QCOMPARE(plain.options->goal, plainPath);
    QVERIFY(plain.options->taskFile.isEmpty());
    const auto headless =
        CommandLine::parse({QStringLiteral("terrarium"), QStringLiteral("--headless"), taskPath});
    QCOMPARE(headless.options->goal, taskPath);
    QVERIFY(headless.options->taskFile.isEmpty());
}

QTEST_GUILESS_MAIN(tst_CommandLine)
#include "tst_commandline.moc"
