// Task files' own MIME type, as a desktop sees it: packaging's shared-mime-info XML compiled
// by update-mime-database into a scratch data folder that QMimeDatabase reads (XDG_DATA_DIRS),
// and the desktop file that offers Terrarium for that type and no other.
#include "core/config/TaskFile.h"
#include "tests/TestPaths.h"

#include <QFile>
#include <QMimeDatabase>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

const QString TaskType = u"application/x-terrarium-task"_s;
const QString Packaging = QStringLiteral(TERRARIUM_SOURCE_DIR "/packaging/linux/");

} // namespace

class tst_TaskMimeType : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void taskFilesHaveTheirOwnType_data();
    void taskFilesHaveTheirOwnType();
    void theDesktopFileOffersTerrariumForTaskFilesOnly();

private:
    QTemporaryDir m_data;
};

void tst_TaskMimeType::initTestCase()
{
    QVERIFY(m_data.isValid());
    QVERIFY(QDir(m_data.path()).mkpath(u"mime/packages"_s));
    QVERIFY(QFile::copy(Packaging + u"org.terrarium.Terrarium.mime.xml"_s,
                        m_data.filePath(u"mime/packages/org.terrarium.Terrarium.xml"_s)));
    // The tool a package's trigger runs; it refuses XML that breaks the specification.
    QProcess update;
    update.start(u"update-mime-database"_s, {m_data.filePath(u"mime"_s)});
    QVERIFY(update.waitForFinished(60000));
    QVERIFY2(update.exitCode() == 0, update.readAllStandardError().constData());
    QVERIFY(QFile::exists(m_data.filePath(u"mime/application/x-terrarium-task.xml"_s)));
    // Before the first QMimeDatabase: ours first, then the system's types.
    qputenv("XDG_DATA_DIRS", (m_data.path() + u":/usr/local/share:/usr/share"_s).toLocal8Bit());
}

void tst_TaskMimeType::taskFilesHaveTheirOwnType_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("task");
    QTest::newRow("yaml") << u"deploy.terrarium.yaml"_s << true;
    QTest::newRow("yml") << u"deploy.terrarium.yml"_s << true;
    QTest::newRow("markdown") << u"Fix-Tests.Terrarium.MD"_s << true;
    // Plain files keep their own types (and can still be dropped on the window).
    QTest::newRow("plain yaml") << u"compose.yaml"_s << false;
    QTest::newRow("plain markdown") << u"README.md"_s << false;
    QTest::newRow("plain text") << u"notes.txt"_s << false;
    QTest::newRow("terrarium in the middle") << u"terrarium.yaml.bak"_s << false;
}

void tst_TaskMimeType::taskFilesHaveTheirOwnType()
{
    QFETCH(QString, name);
    QFETCH(bool, task);
    const QMimeType type = QMimeDatabase().mimeTypeForFile(name, QMimeDatabase::MatchExtension);
    QCOMPARE(type.name() == TaskType, task);
    if (task) {
        QVERIFY(type.inherits(u"text/plain"_s));
        QCOMPARE(type.comment().isEmpty(), false);
    }
    // The command line's "terrarium FILE" agrees with the desktop about what a task file is.
    QCOMPARE(Core::TaskFile::hasTaskFileName(name), task);
}

void tst_TaskMimeType::theDesktopFileOffersTerrariumForTaskFilesOnly()
{
    // Read as lines: QSettings would take the ';' list separators for comments.
    QFile desktop(Packaging + u"org.terrarium.Terrarium.desktop"_s);
    QVERIFY(desktop.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(desktop.readAll()).split(u'\n');
    QVERIFY(lines.contains(u"MimeType="_s + TaskType + u';'));
    // One file per start, handed over as the argument that `terrarium FILE` opens for review.
    QVERIFY(lines.contains(u"Exec=terrarium %f"_s));
}

QTEST_GUILESS_MAIN(tst_TaskMimeType)
#include "tst_taskmimetype.moc"
