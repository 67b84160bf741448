#include "core/config/WorkspacePolicy.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;

// A fake home folder in a temporary directory, so every rule is tried on real folders and
// symbolic links without touching the user's own home.
class tst_WorkspacePolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void refused_data();
    void refused();
    void allowed_data();
    void allowed();
    void missingFolderAndFileSaySo();
    void symlinkToHomeIsRefused();
    void symlinkIntoConfigIsRefused();
    void runFoldersAreFreshAndUnderTerrarium();
    void runFolderNameIsReadable();

private:
    QString home() const { return m_root->path() + QStringLiteral("/home/user"); }
    void makeDir(const QString &relative) { QVERIFY(QDir().mkpath(home() + relative)); }

    std::unique_ptr<QTemporaryDir> m_root;
};

void tst_WorkspacePolicy::init()
{
    m_root = std::make_unique<QTemporaryDir>();
    QVERIFY(m_root->isValid());
    for (const char *folder : {"", "/.config/terrarium", "/.ssh", "/.gnupg", "/.local/bin", "/.aws",
                               "/projects/app/src", "/.configs-not-config"})
        makeDir(QString::fromLatin1(folder));
}

void tst_WorkspacePolicy::refused_data()
{
    QTest::addColumn<QString>("path"); // "~" stands for the fake home folder
    QTest::addColumn<QString>("reason");

    QTest::newRow("root") << "/"
                          << "root folder";
    QTest::newRow("home itself") << "~"
                                 << "home folder";
    QTest::newRow("home with a trailing slash") << "~/"
                                                << "home folder";
    QTest::newRow("home through ..") << "~/projects/.."
                                     << "home folder";
    QTest::newRow("parent of home") << "~/.."
                                    << "contains your home folder";
    QTest::newRow("grandparent of home") << "~/../.."
                                         << "contains your home folder";
    QTest::newRow("~/.config") << "~/.config"
                               << "~/.config";
    QTest::newRow("~/.config/terrarium") << "~/.config/terrarium"
                                         << "~/.config";
    QTest::newRow("~/.ssh") << "~/.ssh"
                            << "~/.ssh";
    QTest::newRow("~/.gnupg") << "~/.gnupg"
                              << "~/.gnupg";
    QTest::newRow("~/.local") << "~/.local"
                              << "~/.local";
    QTest::newRow("~/.local/bin") << "~/.local/bin"
                                  << "~/.local";
    QTest::newRow("~/.aws") << "~/.aws"
                            << "~/.aws";
    QTest::newRow("/etc") << "/etc"
                          << "system folder";
    QTest::newRow("/usr/share") << "/usr/share"
                                << "system folder";
    QTest::newRow("/proc") << "/proc"
                           << "system folder";
}

void tst_WorkspacePolicy::refused()
{
    QFETCH(QString, path);
    QFETCH(QString, reason);
    if (path.startsWith(u'~'))
        path = home() + path.mid(1);
    const WorkspacePolicy policy(home());
    const Result<QString> checked = policy.check(path);
    QVERIFY2(!checked, qPrintable(checked.value_or(QString())));
    QCOMPARE(checked.error().code, ErrorCode::InvalidInput);
    QVERIFY2(checked.error().message.contains(reason), qPrintable(checked.error().message));
    // Every refusal says what to do instead.
    QVERIFY2(checked.error().message.contains(QStringLiteral("Terrarium")),
             qPrintable(checked.error().message));
}

void tst_WorkspacePolicy::allowed_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");

    QTest::newRow("a project") << "~/projects/app"
                               << "~/projects/app";
    QTest::newRow("a project, not clean") << "~/projects/./app/src/.."
                                          << "~/projects/app";
    QTest::newRow("a subfolder") << "~/projects/app/src"
                                 << "~/projects/app/src";
    QTest::newRow("a name that only starts like .config") << "~/.configs-not-config"
                                                          << "~/.configs-not-config";
    QTest::newRow("outside home") << "@"
                                  << "@";
}

void tst_WorkspacePolicy::allowed()
{
    QFETCH(QString, path);
    QFETCH(QString, expected);
    const QString outside = m_root->path() + QStringLiteral("/outside");
    QVERIFY(QDir().mkpath(outside));
    auto resolve = [&](QString text) {
        if (text == QLatin1String("@"))
            return outside;
        return text.startsWith(u'~') ? home() + text.mid(1) : text;
    };
    const WorkspacePolicy policy(home());
    const Result<QString> checked = policy.check(resolve(path));
    QVERIFY2(checked, qPrintable(checked ? QString() : checked.error().message));
    QCOMPARE(*checked, QFileInfo(resolve(expected)).canonicalFilePath());
}

void tst_WorkspacePolicy::missingFolderAndFileSaySo()
{
    const WorkspacePolicy policy(home());
    const auto missing = policy.check(home() + QStringLiteral("/nope"));
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.contains(QStringLiteral("does not exist")),
             qPrintable(missing.error().message));

    QFile file(home() + QStringLiteral("/projects/notes.txt"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const auto aFile = policy.check(file.fileName());
    QVERIFY(!aFile);
    QVERIFY2(aFile.error().message.contains(QStringLiteral("is a file")),
             qPrintable(aFile.error().message));

    QVERIFY(!policy.check(QString()));
}

void tst_WorkspacePolicy::symlinkToHomeIsRefused()
{
    const QString link = m_root->path() + QStringLiteral("/looks-harmless");
    QVERIFY(QFile::link(home(), link));
    const auto checked = WorkspacePolicy(home()).check(link);
    QVERIFY(!checked);
    QVERIFY2(checked.error().message.contains(QStringLiteral("home folder")),
             qPrintable(checked.error().message));
}

void tst_WorkspacePolicy::symlinkIntoConfigIsRefused()
{
    const QString link = home() + QStringLiteral("/projects/settings");
    QVERIFY(QFile::link(home() + QStringLiteral("/.config/terrarium"), link));
    const auto checked = WorkspacePolicy(home()).check(link);
    QVERIFY(!checked);
    QVERIFY2(checked.error().message.contains(QStringLiteral("~/.config")),
             qPrintable(checked.error().message));
}

void tst_WorkspacePolicy::runFoldersAreFreshAndUnderTerrarium()
{
    const WorkspacePolicy policy(home());
    const auto first = policy.createRunFolder(QStringLiteral("2026-11-26-0715-list-files"));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QCOMPARE(*first, home() + QStringLiteral("/Terrarium/2026-11-26-0715-list-files"));
    QVERIFY(QFileInfo(*first).isDir());
    QVERIFY(QDir(*first).isEmpty());

    // The same name again never reuses the folder.
    const auto second = policy.createRunFolder(QStringLiteral("2026-11-26-0715-list-files"));
    QVERIFY(second);
    QCOMPARE(*second, home() + QStringLiteral("/Terrarium/2026-11-26-0715-list-files-2"));

    // A name cannot climb out of ~/Terrarium.
    const auto climbing = policy.createRunFolder(QStringLiteral("../../.config"));
    QVERIFY(climbing);
    QVERIFY(climbing->startsWith(home() + QStringLiteral("/Terrarium/")));
}

void tst_WorkspacePolicy::runFolderNameIsReadable()
{
    const QDateTime at(QDate(2026, 11, 26), QTime(7, 15));
    QCOMPARE(WorkspacePolicy::runFolderName(QStringLiteral("Fix the failing tests, please!"), at),
             QStringLiteral("2026-11-26-0715-fix-the-failing-tests-please"));
    QCOMPARE(WorkspacePolicy::runFolderName(QStringLiteral("../../etc"), at),
             QStringLiteral("2026-11-26-0715-etc"));
    QCOMPARE(WorkspacePolicy::runFolderName(QStringLiteral("¿?"), at),
             QStringLiteral("2026-11-26-0715"));
}

QTEST_GUILESS_MAIN(tst_WorkspacePolicy)
#include "tst_workspacepolicy.moc"
