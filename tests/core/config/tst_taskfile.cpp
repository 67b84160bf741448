#include "core/config/AppConfig.h"
#include "core/config/TaskFile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;
using namespace std::chrono_literals;

Q_DECLARE_METATYPE(Terrarium::Core::TaskFile)

class tst_TaskFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validForms_data();
    void validForms();
    void errors_data();
    void errors();
    void syntaxErrorsNameLineAndColumn_data();
    void syntaxErrorsNameLineAndColumn();
    void sizeLimit();
    void loadReadsTheFileAndNamesIt();
    void loadRejectsWhatItCannotRead();
    void loadStopsReadingAtTheLimit();
    void applyToOverridesTheConfiguration();
    void applyToLeavesUnsetValuesAlone();
    void requestsListWhatTheFileAsksFor();
    void hostAndOutboundNeedConsent();
    void stepsAreRead();
    void badStepsNameTheirLine_data();
    void badStepsNameTheirLine();
    void toYamlReadsBack_data();
    void toYamlReadsBack();

private:
    static TaskFile goal(const QString &text)
    {
        TaskFile task;
        task.goal = text;
        return task;
    }
};

void tst_TaskFile::validForms_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<TaskFile>("expected");

    QTest::newRow("txt, trimmed") << "goal.txt" << QByteArray("\n  list the files  \n\n")
                                  << goal(QStringLiteral("list the files"));
    QTest::newRow("txt keeps its lines, CRLF becomes LF")
        << "goal.txt" << QByteArray("build it\r\nthen test it\n")
        << goal(QStringLiteral("build it\nthen test it"));
    QTest::newRow("txt starting with --- is plain text")
        << "goal.txt" << QByteArray("---\nsandbox: host\n")
        << goal(QStringLiteral("---\nsandbox: host"));
    QTest::newRow("txt with a byte order mark")
        << "goal.txt" << QByteArray("\xef\xbb\xbfrun the tests")
        << goal(QStringLiteral("run the tests"));
    QTest::newRow("txt in UTF-8") << "goal.txt" << QByteArray("übersetze die Datei → en")
                                  << goal(QStringLiteral(u"übersetze die Datei → en"));
    QTest::newRow("md is the whole text")
        << "goal.md" << QByteArray("# Fix the build\n\nRun `make` and fix what fails.\n")
        << goal(QStringLiteral("# Fix the build\n\nRun `make` and fix what fails."));
    QTest::newRow("markdown extension, any case")
        << "GOAL.MarkDown" << QByteArray("do it") << goal(QStringLiteral("do it"));

    TaskFile frontMatter = goal(QStringLiteral("# Goal\nRun the tests."));
    frontMatter.sandbox = QStringLiteral("libvirt");
    frontMatter.network = QStringLiteral("outbound");
    frontMatter.cpus = 4;
    QTest::newRow("md front matter sets the run, the text is the goal")
        << "goal.md"
        << QByteArray("---\nsandbox: libvirt\nnetwork: outbound\nlimits: {cpus: 4}\n---\n"
                      "# Goal\nRun the tests.\n")
        << frontMatter;
    QTest::newRow("md front matter with CRLF and ... closing")
        << "goal.md"
        << QByteArray("---\r\nsandbox: libvirt\r\nnetwork: outbound\r\nlimits:\r\n  cpus: 4\r\n"
                      "...\r\n# Goal\nRun the tests.")
        << frontMatter;
    TaskFile goalInFrontMatter = goal(QStringLiteral("tidy the repo"));
    goalInFrontMatter.image = QStringLiteral("localhost/debian:12");
    QTest::newRow("md goal in the front matter, no text")
        << "goal.md" << QByteArray("---\ngoal: tidy the repo\nimage: localhost/debian:12\n---\n\n")
        << goalInFrontMatter;
    QTest::newRow("md empty front matter")
        << "goal.md" << QByteArray("---\n---\ndo it") << goal(QStringLiteral("do it"));

    QTest::newRow("yaml, goal only") << "task.yaml" << QByteArray("goal: run the tests\n")
                                     << goal(QStringLiteral("run the tests"));
    QTest::newRow("yml extension")
        << "task.yml" << QByteArray("goal: 'quoted: goal'") << goal(QStringLiteral("quoted: goal"));

    TaskFile everything = goal(QStringLiteral("build the site\nand publish it"));
    everything.sandbox = QStringLiteral("podman");
    everything.image = QStringLiteral("localhost/terrarium-debian:12");
    everything.network = QStringLiteral("none");
    everything.cpus = 4;
    everything.memoryMiB = 4096;
    everything.pidsLimit = 512;
    everything.maxSteps = 12;
    everything.maxReplans = 2;
    everything.stepTimeout = 90s;
    everything.env = {{QStringLiteral("CI"), QStringLiteral("true")},
                      {QStringLiteral("JOBS"), QStringLiteral("8")},
                      {QStringLiteral("GREETING"), QStringLiteral("hello world")},
                      {QStringLiteral("EMPTY"), QString()},
                      {QStringLiteral("_private2"), QStringLiteral("x")}};
    QTest::newRow("yaml, every key") << "task.yaml"
                                     << QByteArray("# A complete task file.\n"
                                                   "goal: |\n"
                                                   "  build the site\n"
                                                   "  and publish it\n"
                                                   "sandbox: Podman   # any case\n"
                                                   "image: localhost/terrarium-debian:12\n"
                                                   "network: none\n"
                                                   "limits:\n"
                                                   "  cpus: 4\n"
                                                   "  memory_mib: 4096\n"
                                                   "  pids: 512\n"
                                                   "  max_steps: 12\n"
                                                   "  max_replans: 2\n"
                                                   "  step_timeout: 90\n"
                                                   "env:\n"
                                                   "  CI: true\n"
                                                   "  JOBS: 8\n"
                                                   "  GREETING: \"hello world\"\n"
                                                   "  EMPTY: \"\"\n"
                                                   "  _private2: x\n")
                                     << everything;
    TaskFile flow = goal(QStringLiteral("x"));
    flow.sandbox = QStringLiteral("host");
    flow.stepTimeout = 5s;
    flow.env = {{QStringLiteral("A"), QStringLiteral("1")}};
    QTest::newRow("yaml flow style, explicit document markers")
        << "task.yaml"
        << QByteArray(
               "---\n{goal: x, sandbox: host, limits: {step_timeout: 5}, env: {A: 1}}\n...\n")
        << flow;
}

void tst_TaskFile::validForms()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, contents);
    QFETCH(TaskFile, expected);

    const auto task = TaskFile::parse(contents, fileName);
    QVERIFY2(task.has_value(), qPrintable(task ? QString() : task.error().message));
    QCOMPARE(task->goal, expected.goal);
    QCOMPARE(task->sandbox, expected.sandbox);
    QCOMPARE(task->image, expected.image);
    QCOMPARE(task->network, expected.network);
    QCOMPARE(task->cpus, expected.cpus);
    QCOMPARE(task->memoryMiB, expected.memoryMiB);
    QCOMPARE(task->pidsLimit, expected.pidsLimit);
    QCOMPARE(task->maxSteps, expected.maxSteps);
    QCOMPARE(task->maxReplans, expected.maxReplans);
    QVERIFY(task->stepTimeout == expected.stepTimeout);
    QCOMPARE(task->env, expected.env);
    QVERIFY(*task == expected);
}

void tst_TaskFile::errors_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");

    const QString keys =
        QStringLiteral("(expected goal, sandbox, image, network, limits, env, steps)");
    QTest::newRow("unknown key") << "task.yaml"
                                 << QByteArray("# Build it.\n"
                                               "goal: build\n"
                                               "image: debian\n"
                                               "sandbx: podman\n")
                                 << QString("task.yaml, line 4: unknown key \"sandbx\" " + keys);
    QTest::newRow("unknown key in front matter, counted from the file's first line")
        << "goal.md" << QByteArray("---\nnetwork: none\nworkspace: /tmp\n---\ndo it")
        << QString("goal.md, line 3: unknown key \"workspace\" " + keys);
    QTest::newRow("unknown limit")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  cpu: 2\n")
        << QStringLiteral("task.yaml, line 3: unknown key \"limits.cpu\" (expected cpus, "
                          "memory_mib, pids, max_steps, max_replans, step_timeout)");
    QTest::newRow("key set twice") << "task.yaml" << QByteArray("goal: a\nsandbox: host\ngoal: b\n")
                                   << "task.yaml, line 3: \"goal\" is set twice";
    QTest::newRow("key that is not a name")
        << "task.yaml" << QByteArray("goal: a\n[1, 2]: x\n")
        << "task.yaml, line 2: a key must be a plain name, not a list";
    QTest::newRow("no goal") << "task.yaml" << QByteArray("\n# comment\nsandbox: host\n")
                             << "task.yaml, line 3: there is no \"goal\"; a task file needs one, "
                                "e.g. goal: \"run the tests\"";
    QTest::newRow("empty goal") << "task.yaml" << QByteArray("sandbox: host\ngoal: \"  \"\n")
                                << "task.yaml, line 2: \"goal\" is empty";
    QTest::newRow("null goal") << "task.yaml" << QByteArray("sandbox: host\ngoal:\n")
                               << "task.yaml, line 2: \"goal\" is empty";
    QTest::newRow("goal is a list") << "task.yaml" << QByteArray("goal:\n  - a\n  - b\n")
                                    << "task.yaml, line 2: \"goal\" must be text, not a list";
    QTest::newRow("goal is a mapping") << "task.yaml" << QByteArray("goal: {a: b}\n")
                                       << "task.yaml, line 1: \"goal\" must be text, not a mapping";
    QTest::newRow("unknown sandbox")
        << "task.yaml" << QByteArray("goal: g\nsandbox: docker\n")
        << "task.yaml, line 2: \"sandbox\" must be one of podman, libvirt, host, not \"docker\"";
    QTest::newRow("unknown network")
        << "task.yaml" << QByteArray("goal: g\n\nnetwork: everything\n")
        << "task.yaml, line 3: \"network\" must be one of none, outbound, not \"everything\"";
    QTest::newRow("network is a list") << "task.yaml" << QByteArray("goal: g\nnetwork: [none]\n")
                                       << "task.yaml, line 2: \"network\" must be text, not a list";
    QTest::newRow("empty image") << "task.yaml" << QByteArray("goal: g\nimage: ''\n")
                                 << "task.yaml, line 2: \"image\" is empty";
    QTest::newRow("limits not a mapping")
        << "task.yaml" << QByteArray("goal: g\nlimits: 4\n")
        << "task.yaml, line 2: \"limits\" must be a mapping of names to numbers, not \"4\"";
    QTest::newRow("zero limit")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  pids: 1\n  cpus: 0\n")
        << "task.yaml, line 4: \"limits.cpus\" must be a whole number from 1 to 512, not \"0\"";
    QTest::newRow("negative limit")
        << "task.yaml" << QByteArray("goal: g\nlimits: {memory_mib: -5}\n")
        << "task.yaml, line 2: \"limits.memory_mib\" must be a whole number from 16 to 1048576, "
           "not \"-5\"";
    QTest::newRow("fractional limit")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  step_timeout: 1.5\n")
        << "task.yaml, line 3: \"limits.step_timeout\" must be a whole number from 1 to 604800, "
           "not \"1.5\"";
    QTest::newRow("quoted limit")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  max_steps: \"12\"\n")
        << "task.yaml, line 3: \"limits.max_steps\" must be a whole number from 1 to 10000, not "
           "quoted text \"12\"";
    QTest::newRow("limit too large for an int")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  max_replans: 99999999999\n")
        << "task.yaml, line 3: \"limits.max_replans\" must be a whole number from 0 to 100, "
           "not \"99999999999\"";
    QTest::newRow("limit above its range")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  max_replans: 101\n")
        << "task.yaml, line 3: \"limits.max_replans\" must be a whole number from 0 to 100, "
           "not \"101\"";
    QTest::newRow("empty limit")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n  cpus:\n")
        << "task.yaml, line 3: \"limits.cpus\" must be a whole number from 1 to 512, not empty";
    QTest::newRow("env not a mapping")
        << "task.yaml" << QByteArray("goal: g\nenv:\n  - A=1\n")
        << "task.yaml, line 3: \"env\" must be a mapping of variable names to values, not a list";
    QTest::newRow("env name starting with a digit")
        << "task.yaml" << QByteArray("goal: g\nenv:\n  A: 1\n  1B: 2\n")
        << "task.yaml, line 4: \"1B\" is not a valid environment variable name (letters, digits "
           "and _, not starting with a digit)";
    QTest::newRow("env name with a dash")
        << "task.yaml" << QByteArray("goal: g\nenv: {MY-VAR: 2}\n")
        << "task.yaml, line 2: \"MY-VAR\" is not a valid environment variable name (letters, "
           "digits and _, not starting with a digit)";
    QTest::newRow("env without a value")
        << "task.yaml" << QByteArray("goal: g\nenv:\n  TOKEN:\n")
        << "task.yaml, line 3: env \"TOKEN\" has no value; write TOKEN: \"\" for an empty one";
    QTest::newRow("env value is a mapping")
        << "task.yaml" << QByteArray("goal: g\nenv:\n  A:\n    b: c\n")
        << "task.yaml, line 4: env \"A\" must be text, a number or true/false, not a mapping";
    // Names that change how programs load or start are refused, each with its line.
    for (const char *name :
         {"LD_PRELOAD", "LD_LIBRARY_PATH", "BASH_ENV", "ENV", "PATH", "PROMPT_COMMAND",
          "PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT", "GIT_SSH_COMMAND", "GIT_CONFIG_COUNT"}) {
        const QString text = QString::fromLatin1(name);
        QTest::newRow(qPrintable(QStringLiteral("env %1").arg(text)))
            << "task.yaml" << QStringLiteral("goal: g\nenv:\n  CI: 1\n  %1: x\n").arg(text).toUtf8()
            << QStringLiteral("task.yaml, line 4: env \"%1\" is not allowed: it changes how "
                              "programs are loaded or started, so a task file may not set it")
                   .arg(text);
    }
    QTest::newRow("env in markdown front matter")
        << "task.md" << QByteArray("---\nenv: {LD_PRELOAD: /tmp/x.so}\n---\ngoal\n")
        << "task.md, line 2: env \"LD_PRELOAD\" is not allowed: it changes how programs are "
           "loaded or started, so a task file may not set it";
    QTest::newRow("env set twice") << "task.yaml" << QByteArray("goal: g\nenv: {A: 1, A: 2}\n")
                                   << "task.yaml, line 2: env \"A\" is set twice";
    QTest::newRow("root is a list") << "task.yaml" << QByteArray("\n- goal: g\n")
                                    << "task.yaml, line 2: a task file must be a mapping of keys "
                                       "(goal, sandbox, ...), not a list";
    QTest::newRow("root is text") << "task.yaml" << QByteArray("run the tests\n")
                                  << "task.yaml, line 1: a task file must be a mapping of keys "
                                     "(goal, sandbox, ...), not \"run the tests\"";
    QTest::newRow("empty yaml") << "task.yaml" << QByteArray()
                                << "task.yaml, line 1: the file is empty; a task file needs at "
                                   "least a goal";
    QTest::newRow("comments only") << "task.yml" << QByteArray("# nothing\n# yet\n")
                                   << "task.yml, line 1: the file is empty; a task file needs at "
                                      "least a goal";
    QTest::newRow("two documents")
        << "task.yaml" << QByteArray("goal: a\n---\ngoal: b\n")
        << "task.yaml, line 3: the file holds more than one YAML document";
    QTest::newRow("front matter never closed")
        << "goal.md" << QByteArray("---\nsandbox: host\n\n# Goal\n")
        << "goal.md, line 1: the front matter that starts here is never closed by a \"---\" line";
    QTest::newRow("goal twice in markdown")
        << "goal.md" << QByteArray("---\ngoal: a\n---\n\nb\n")
        << "goal.md, line 4: the goal is set both in the front matter and by the text below it; "
           "keep one";
    QTest::newRow("markdown with front matter only")
        << "goal.md" << QByteArray("---\nsandbox: host\n---\n  \n")
        << "goal.md, line 4: the file holds no goal; write what the agent should do";
    QTest::newRow("empty txt") << "goal.txt" << QByteArray(" \n\t\n")
                               << "goal.txt, line 1: the file holds no goal; write what the agent "
                                  "should do";
    QTest::newRow("binary garbage")
        << "goal.txt" << QByteArray("fine\nalso fine\n\xff\xfe\x80garbage\n")
        << "goal.txt, line 3: the file is not UTF-8 text";
    QTest::newRow("truncated UTF-8 sequence at the end")
        << "task.yaml" << QByteArray("goal: caf\xc3")
        << "task.yaml, line 1: the file is not UTF-8 text";
    QTest::newRow("NUL byte") << "task.yaml"
                              << QByteArray(QByteArray("goal: a\nimage: b") + '\0' + "c\n")
                              << "task.yaml, line 2: the file holds a NUL byte; it is not a text "
                                 "file";
    QTest::newRow("other extension")
        << "notes.pdf" << QByteArray("goal: g")
        << "notes.pdf: a task file is a .yaml, .yml, .md, .markdown or .txt file";
    QTest::newRow("no extension")
        << "Makefile" << QByteArray("all:\n\ttrue\n")
        << "Makefile: a task file is a .yaml, .yml, .md, .markdown or .txt file";
}

void tst_TaskFile::errors()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);

    const auto task = TaskFile::parse(contents, fileName);
    QVERIFY(!task.has_value());
    QCOMPARE(task.error().code, ErrorCode::InvalidInput);
    QCOMPARE(task.error().message, message);
}

void tst_TaskFile::syntaxErrorsNameLineAndColumn_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("where");

    QTest::newRow("unclosed quote at the end")
        << "task.yaml" << QByteArray("goal: g\nimage: \"debian\nnetwork: none")
        << "task.yaml, line 3, column 14: ";
    QTest::newRow("unclosed flow list")
        << "task.yaml" << QByteArray("goal: g\nlimits: [1, 2\nx: 1\n")
        << "task.yaml, line 3, column 2: ";
    QTest::newRow("bad indentation")
        << "task.yaml" << QByteArray("goal: g\nlimits:\n    cpus: 2\n  pids: 3\n")
        << "task.yaml, line 4, column 3: ";
    QTest::newRow("tab indentation")
        << "task.yaml" << QByteArray("goal: g\nenv:\n\tA: 1\n") << "task.yaml, line 3, column 3: ";
    QTest::newRow("in front matter, counted from the file's first line")
        << "goal.md" << QByteArray("---\nsandbox: host\nimage: 'x\n---\ndo it\n")
        << "goal.md, line 3, column 10: ";
    // yaml-cpp 0.7 and 0.8 parse these as empty documents without end, at the same place; read
    // with YAML::LoadAll() they took all memory (found by fuzz_task_file).
    QTest::newRow("a lone comma") << "task.yaml" << QByteArray(",")
                                  << "task.yaml, line 1, column 1: ";
    QTest::newRow("a comma after comments")
        << "task.yaml" << QByteArray("# A task.\n\n,,,m-9g(\n") << "task.yaml, line 3, column 1: ";
    QTest::newRow("a comma in front matter")
        << "goal.md" << QByteArray("---\n,\n---\ndo it\n") << "goal.md, line 2, column 1: ";
    // yaml-cpp guards its recursion; the guard's exception must come back as an error too.
    QTest::newRow("nesting too deep")
        << "task.yaml" << QByteArray(QByteArray("goal: ") + QByteArray(100000, '['))
        << "task.yaml, line 1, column ";
}

void tst_TaskFile::syntaxErrorsNameLineAndColumn()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, contents);
    QFETCH(QString, where);

    const auto task = TaskFile::parse(contents, fileName);
    QVERIFY(!task.has_value());
    QCOMPARE(task.error().code, ErrorCode::InvalidInput);
    QVERIFY2(task.error().message.startsWith(where), qPrintable(task.error().message));
    QVERIFY2(task.error().message.endsWith(QLatin1String(" (not valid YAML)")),
             qPrintable(task.error().message));
}

void tst_TaskFile::sizeLimit()
{
    QCOMPARE(TaskFile::maxFileSize, 1024 * 1024);
    QByteArray atLimit(TaskFile::maxFileSize, 'a');
    const auto fits = TaskFile::parse(atLimit, QStringLiteral("goal.txt"));
    QVERIFY(fits.has_value());
    QCOMPARE(fits->goal.size(), TaskFile::maxFileSize);

    const auto tooLarge = TaskFile::parse(atLimit + 'a', QStringLiteral("goal.txt"));
    QVERIFY(!tooLarge.has_value());
    QCOMPARE(tooLarge.error().message,
             QStringLiteral("goal.txt is 1025 KiB; task files are limited to 1024 KiB"));
}

void tst_TaskFile::loadReadsTheFileAndNamesIt()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile good(dir.filePath(QStringLiteral("good.yaml")));
    QVERIFY(good.open(QIODevice::WriteOnly));
    good.write("goal: ship it\nnetwork: outbound\n");
    good.close();
    const auto task = TaskFile::load(good.fileName());
    QVERIFY(task.has_value());
    QCOMPARE(task->goal, QStringLiteral("ship it"));
    QCOMPARE(task->network, QStringLiteral("outbound"));

    // Content errors name the file as the user knows it, not the whole path.
    QFile bad(dir.filePath(QStringLiteral("task.yaml")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("goal: g\n\n\nsandbx: podman\n");
    bad.close();
    const auto error = TaskFile::load(bad.fileName());
    QVERIFY(!error.has_value());
    QVERIFY2(error.error().message.startsWith(
                 QLatin1String("task.yaml, line 4: unknown key \"sandbx\"")),
             qPrintable(error.error().message));
}

void tst_TaskFile::loadRejectsWhatItCannotRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const QString missing = dir.filePath(QStringLiteral("missing.yaml"));
    auto result = TaskFile::load(missing);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QVERIFY2(result.error().message.startsWith(
                 QStringLiteral("Cannot read %1: ").arg(QDir::toNativeSeparators(missing))),
             qPrintable(result.error().message));

    const QString folder = dir.filePath(QStringLiteral("folder.yaml"));
    QVERIFY(QDir().mkpath(folder));
    result = TaskFile::load(folder);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QCOMPARE(
        result.error().message,
        QStringLiteral("%1 is a folder, not a task file").arg(QDir::toNativeSeparators(folder)));

    // A file too large is refused by its size, before it is read.
    QFile huge(dir.filePath(QStringLiteral("huge.md")));
    QVERIFY(huge.open(QIODevice::WriteOnly));
    QVERIFY(huge.resize(3 * TaskFile::maxFileSize));
    huge.close();
    result = TaskFile::load(huge.fileName());
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::InvalidInput);
    QCOMPARE(result.error().message,
             QStringLiteral("%1 is 3072 KiB; task files are limited to 1024 KiB")
                 .arg(QDir::toNativeSeparators(huge.fileName())));

    const QString image = dir.filePath(QStringLiteral("photo.jpg"));
    result = TaskFile::load(image);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().message,
             QStringLiteral("%1: a task file is a .yaml, .yml, .md, .markdown or .txt file")
                 .arg(QDir::toNativeSeparators(image)));
}

void tst_TaskFile::loadStopsReadingAtTheLimit()
{
    // A device reports no size; the read itself must stop at the limit.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString endless = dir.filePath(QStringLiteral("endless.txt"));
    QVERIFY(QFile::link(QStringLiteral("/dev/zero"), endless));
    const auto result = TaskFile::load(endless);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::InvalidInput);
    QCOMPARE(result.error().message,
             QStringLiteral("%1 is larger than 1024 KiB, the limit for task files")
                 .arg(QDir::toNativeSeparators(endless)));
}

void tst_TaskFile::applyToOverridesTheConfiguration()
{
    const auto task = TaskFile::parse("goal: g\n"
                                      "sandbox: libvirt\n"
                                      "image: /var/lib/terrarium/base.qcow2\n"
                                      "network: outbound\n"
                                      "limits: {cpus: 8, memory_mib: 8192, pids: 64, max_steps: 3,"
                                      " max_replans: 1, step_timeout: 30}\n"
                                      "env: {LANG: C.UTF-8, CI: 1}\n",
                                      QStringLiteral("task.yaml"));
    QVERIFY(task.has_value());

    AppConfig config;
    config.sandbox = QStringLiteral("host");
    config.environment.insert(QStringLiteral("CI"), QStringLiteral("0"));
    config.environment.insert(QStringLiteral("KEEP"), QStringLiteral("yes"));
    task->applyTo(config);
    QCOMPARE(config.sandbox, QStringLiteral("libvirt"));
    QCOMPARE(config.image, QStringLiteral("/var/lib/terrarium/base.qcow2"));
    QCOMPARE(config.network, QStringLiteral("outbound"));
    QCOMPARE(config.cpus, 8);
    QCOMPARE(config.memoryMiB, 8192);
    QCOMPARE(config.pidsLimit, 64);
    QCOMPARE(config.limits.maxSteps, 3);
    QCOMPARE(config.limits.maxReplans, 1);
    QCOMPARE(config.limits.stepTimeout, std::chrono::milliseconds(30s));
    const QMap<QString, QString> environment{{QStringLiteral("CI"), QStringLiteral("1")},
                                             {QStringLiteral("KEEP"), QStringLiteral("yes")},
                                             {QStringLiteral("LANG"), QStringLiteral("C.UTF-8")}};
    QCOMPARE(config.environment, environment);
}

void tst_TaskFile::applyToLeavesUnsetValuesAlone()
{
    const auto task = TaskFile::parse("run the tests", QStringLiteral("goal.txt"));
    QVERIFY(task.has_value());

    AppConfig config;
    config.sandbox = QStringLiteral("libvirt");
    config.image = QStringLiteral("mine");
    config.network = QStringLiteral("outbound");
    config.cpus = 3;
    config.memoryMiB = 1000;
    config.pidsLimit = 99;
    config.limits.maxSteps = 7;
    config.limits.maxReplans = 0;
    config.limits.stepTimeout = 42s;
    config.environment.insert(QStringLiteral("A"), QStringLiteral("b"));
    task->applyTo(config);
    QCOMPARE(config.sandbox, QStringLiteral("libvirt"));
    QCOMPARE(config.image, QStringLiteral("mine"));
    QCOMPARE(config.network, QStringLiteral("outbound"));
    QCOMPARE(config.cpus, 3);
    QCOMPARE(config.memoryMiB, 1000);
    QCOMPARE(config.pidsLimit, 99);
    QCOMPARE(config.limits.maxSteps, 7);
    QCOMPARE(config.limits.maxReplans, 0);
    QCOMPARE(config.limits.stepTimeout, std::chrono::milliseconds(42s));
    QCOMPARE(config.environment.size(), 1);
}

void tst_TaskFile::requestsListWhatTheFileAsksFor()
{
    const auto task = TaskFile::parse("goal: g\nsandbox: podman\nnetwork: none\n"
                                      "image: localhost/x:1\nenv: {CI: 1, LANG: C.UTF-8}\n"
                                      "limits: {cpus: 2, memory_mib: 512, step_timeout: 30}\n",
                                      QStringLiteral("t.yaml"));
    QVERIFY2(task, qPrintable(task ? QString() : task.error().message));
    const QList<TaskFile::Request> expected = {
        {QStringLiteral("sandbox"), QStringLiteral("podman"), false},
        {QStringLiteral("network"), QStringLiteral("none"), false},
        {QStringLiteral("image"), QStringLiteral("localhost/x:1"), false},
        {QStringLiteral("env"), QStringLiteral("CI=1, LANG=C.UTF-8"), false},
        {QStringLiteral("limits"), QStringLiteral("CPUs: 2, memory: 512 MiB, step timeout: 30 s"),
         false},
    };
    QCOMPARE(task->requests(), expected);
    QVERIFY(task->consentsNeeded().isEmpty());
    QVERIFY(goal(QStringLiteral("only a goal")).requests().isEmpty());
}

void tst_TaskFile::hostAndOutboundNeedConsent()
{
    const auto task =
        TaskFile::parse("goal: g\nsandbox: host\nnetwork: outbound\n", QStringLiteral("t.yaml"));
    QVERIFY(task);
    QCOMPARE(task->consentsNeeded(),
             (QStringList{QStringLiteral("sandbox"), QStringLiteral("network")}));
    const QString message =
        TaskFile::consentMessage(task->consentsNeeded(), QStringLiteral("pass --yes"));
    QVERIFY2(message.contains(QStringLiteral("sandbox: host")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("network: outbound")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("pass --yes")), qPrintable(message));

    const auto front = TaskFile::parse("---\nsandbox: host\n---\ngoal\n", QStringLiteral("t.md"));
    QVERIFY(front);
    QCOMPARE(front->consentsNeeded(), QStringList{QStringLiteral("sandbox")});
}

void tst_TaskFile::stepsAreRead()
{
    const QByteArray yaml = "goal: build it\n"
                            "steps:\n"
                            "  - title: Configure\n"
                            "    command: ./configure --prefix=/usr\n"
                            "    exit_code: 0\n"
                            "  - {title: \"Check nothing is left\", command: \"grep -q TODO src\", "
                            "exit_code: 1}\n"
                            "  - title: Build\n"
                            "    command: |\n"
                            "      make -j2\n"
                            "      make check\n";
    const auto task = TaskFile::parse(yaml, QStringLiteral("book.yaml"));
    QVERIFY2(task.has_value(), qPrintable(task ? QString() : task.error().message));
    const QList<RunbookStep> expected = {
        {QStringLiteral("Configure"), QStringLiteral("./configure --prefix=/usr"), 0},
        {QStringLiteral("Check nothing is left"), QStringLiteral("grep -q TODO src"), 1},
        // exit_code defaults to 0; a block keeps its lines and its last newline.
        {QStringLiteral("Build"), QStringLiteral("make -j2\nmake check\n"), 0},
    };
    QCOMPARE(task->steps, expected);
    // The steps are a recording: nothing the user must allow, nothing that changes the config.
    QVERIFY(task->requests().isEmpty());

    // Front matter may hold them too.
    const auto markdown = TaskFile::parse(
        "---\nsteps:\n  - {title: a, command: \"true\"}\n---\nthe goal\n", "book.md");
    QVERIFY2(markdown.has_value(), qPrintable(markdown ? QString() : markdown.error().message));
    QCOMPARE(markdown->steps.size(), 1);
    QCOMPARE(markdown->steps.first().command, QStringLiteral("true"));
}

void tst_TaskFile::badStepsNameTheirLine_data()
{
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QString>("message");

    QTest::newRow("not a list") << QByteArray("goal: g\nsteps: make\n")
                                << "book.yaml, line 2: \"steps\" must be a list of steps "
                                   "({title, command, exit_code}), not \"make\"";
    QTest::newRow("empty value") << QByteArray("goal: g\nsteps:\n")
                                 << "book.yaml, line 2: \"steps\" must be a list of steps "
                                    "({title, command, exit_code}), not empty";
    QTest::newRow("empty list") << QByteArray("goal: g\nsteps: []\n")
                                << "book.yaml, line 2: \"steps\" is an empty list; a runbook "
                                   "needs at least one step";
    QTest::newRow("item not a mapping")
        << QByteArray("goal: g\nsteps:\n  - {title: a, command: b}\n  - make\n")
        << "book.yaml, line 4: step 2 must be a mapping {title, command, exit_code}, not "
           "\"make\"";
    QTest::newRow("unknown key")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n    exit: 0\n")
        << "book.yaml, line 5: unknown key \"steps[1].exit\" (expected title, command, "
           "exit_code)";
    QTest::newRow("key twice") << QByteArray(
        "goal: g\nsteps:\n  - title: a\n    command: b\n    command: c\n")
                               << "book.yaml, line 5: \"steps[1].command\" is set twice";
    QTest::newRow("no command")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n  - title: c\n")
        << "book.yaml, line 5: step 2 has no \"command\"; every step needs a title and a "
           "command";
    QTest::newRow("no title") << QByteArray("goal: g\nsteps:\n  - command: b\n")
                              << "book.yaml, line 3: step 1 has no \"title\"; every step needs "
                                 "a title and a command";
    QTest::newRow("blank command")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: \"  \"\n")
        << "book.yaml, line 4: \"steps[1].command\" is empty";
    QTest::newRow("command that is a list")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: [make, test]\n")
        << "book.yaml, line 4: \"steps[1].command\" must be text, not a list";
    QTest::newRow("exit code out of range")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n    exit_code: 256\n")
        << "book.yaml, line 5: \"steps[1].exit_code\" must be a whole number from 0 to 255, "
           "not \"256\"";
    QTest::newRow("exit code quoted")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n    exit_code: \"0\"\n")
        << "book.yaml, line 5: \"steps[1].exit_code\" must be a whole number from 0 to 255, "
           "not quoted text \"0\"";
    // Issue 27: the checks a model's command gets, with the line the character is on.
    const QString hidden = QStringLiteral(
        "the command contains the control or invisible character %1; a command must be plain "
        "text (tabs and newlines are fine), so that what is shown is what runs");
    QTest::newRow("bidi override")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: echo \u202Egnp.exe\n")
        << "book.yaml, line 4: \"steps[1].command\": " + hidden.arg(QStringLiteral("U+202E"));
    QTest::newRow("zero-width space in a block, its own line")
        << QByteArray(
               "goal: g\nsteps:\n  - title: a\n    command: |\n      ls\n      rm\u200B -rf x\n"
               "      ls\n")
        << "book.yaml, line 6: \"steps[1].command\": " + hidden.arg(QStringLiteral("U+200B"));
    QTest::newRow("escape sequence written as an escape")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: \"echo \\e[2K ok\"\n")
        << "book.yaml, line 4: \"steps[1].command\": " + hidden.arg(QStringLiteral("U+001B"));
    QTest::newRow("carriage return")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: \"rm -rf x\\rls\"\n")
        << "book.yaml, line 4: \"steps[1].command\": " + hidden.arg(QStringLiteral("U+000D"));
    QTest::newRow("line separator")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: \"ls\\Lrm -rf x\"\n")
        << "book.yaml, line 4: \"steps[1].command\": " + hidden.arg(QStringLiteral("U+2028"));
    QTest::newRow("NUL")
        << QByteArray("goal: g\nsteps:\n  - {title: a, command: \"true\"}\n  - title: b\n"
                      "    command: \"ls\\0x\"\n")
        << QStringLiteral("book.yaml, line 5: \"steps[2].command\": the command contains a NUL "
                          "character");
    QTest::newRow("too long")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: ")
            + QByteArray(16 * 1024 + 1, 'x') + QByteArray("\n")
        << "book.yaml, line 4: \"steps[1].command\": the command is longer than 16384 characters";
    QTest::newRow("exit code negative")
        << QByteArray("goal: g\nsteps:\n  - title: a\n    command: b\n    exit_code: -1\n")
        << "book.yaml, line 5: \"steps[1].exit_code\" must be a whole number from 0 to 255, "
           "not \"-1\"";
}

void tst_TaskFile::badStepsNameTheirLine()
{
    QFETCH(QByteArray, contents);
    QFETCH(QString, message);

    const auto task = TaskFile::parse(contents, QStringLiteral("book.yaml"));
    QVERIFY(!task.has_value());
    QCOMPARE(task.error().code, ErrorCode::InvalidInput);
    QCOMPARE(task.error().message, message);
}

void tst_TaskFile::toYamlReadsBack_data()
{
    QTest::addColumn<TaskFile>("task");

    TaskFile runbook;
    runbook.goal = QStringLiteral(u"repair the build: \"make\" fails — überall");
    runbook.steps = {
        {QStringLiteral("Quotes"), QStringLiteral("echo \"it's\" 'a \"test\"' \\\"x\\\" \\\\"), 0},
        {QStringLiteral("Newlines"),
         QStringLiteral("cat <<'EOF' > a.txt\nline: one\n\tline two\nEOF\n"), 0},
        {QStringLiteral("Colons and YAML"),
         QStringLiteral("echo key: value # not a comment - [x] {y} & *z !t %p @a `b`"), 0},
        {QStringLiteral(u"Unicode ✓"), QStringLiteral(u"printf '→ %s\\n' 'héllo wörld 日本語 🐍'"),
         0},
        // Issue 27: a command with them is refused on load; a title keeps them, escaped.
        {QStringLiteral("Controls \x1b[31mred\x1b[0m\r\n\x7f\u0085\u2028\ufeff"),
         QStringLiteral("printf 'red\\n'"), 3},
        {QStringLiteral("Leading and trailing spaces"), QStringLiteral("  true  "), 0},
        {QStringLiteral("false"), QStringLiteral("null"), 255},
    };
    QTest::newRow("runbook") << runbook;

    TaskFile full = runbook;
    full.sandbox = QStringLiteral("podman");
    full.image = QStringLiteral("localhost/terrarium/debian:bookworm-2");
    full.network = QStringLiteral("none");
    full.cpus = 2;
    full.memoryMiB = 1024;
    full.pidsLimit = 512;
    full.maxSteps = 20;
    full.maxReplans = 0;
    full.stepTimeout = 600s;
    full.env = {{QStringLiteral("CI"), QStringLiteral("1")},
                {QStringLiteral("GREETING"), QStringLiteral("a: \"b\"\nc")},
                {QStringLiteral("EMPTY"), QString()}};
    QTest::newRow("every key") << full;

    TaskFile plain;
    plain.goal = QStringLiteral("yes");
    QTest::newRow("a goal YAML would read as a boolean") << plain;

    // A Markdown goal may start with U+FEFF (from the middle of the file); it is a character
    // there, not a byte order mark, and was lost on reading back (found by fuzz_task_file).
    TaskFile zeroWidth;
    zeroWidth.goal = QStringLiteral(u"\ufeff run it");
    zeroWidth.env = {{QStringLiteral("MARK"), QStringLiteral(u"\ufeff\ufeff")}};
    QTest::newRow("values starting with U+FEFF") << zeroWidth;
}

void tst_TaskFile::toYamlReadsBack()
{
    QFETCH(TaskFile, task);

    const QByteArray yaml =
        task.toYaml({QStringLiteral("Terrarium runbook"), QStringLiteral("two\nlines")});
    QVERIFY(yaml.startsWith("# Terrarium runbook\n# two\n# lines\n"));
    const auto read = TaskFile::parse(yaml, QStringLiteral("book.yaml"));
    QVERIFY2(
        read.has_value(),
        qPrintable((read ? QString() : read.error().message) + u'\n' + QString::fromUtf8(yaml)));
    QCOMPARE(read->steps, task.steps);
    QVERIFY2(*read == task, yaml.constData());
}

QTEST_GUILESS_MAIN(tst_TaskFile)

#include "tst_taskfile.moc"
