// fs.manifest of the real terrarium-agent (vm/guest/PROTOCOL.md), spoken to through AgentChannel,
// checked field by field and against the host's own walk (Core::WorkspaceManifest::scan), which
// must agree with it entry for entry.

#include "core/workspace/WorkspaceManifest.h"
#include "tests/TestPaths.h"
#include "tests/core/workspace/WorkspaceTestTree.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

#include <sys/mount.h>

Q_DECLARE_METATYPE(Terrarium::Core::ErrorCode)

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Type = Core::WorkspaceEntry::Type;

namespace {

const QString kAgentPath = QStringLiteral(TERRARIUM_BINARY_DIR "/vm/guest/terrarium-agent");

bool waitUntil(const std::function<bool()> &done, int timeoutMs = 20000)
{
    QElapsedTimer clock;
    clock.start();
    QTimer tick;
    tick.start(20);
    while (!done()) {
        if (clock.hasExpired(timeoutMs))
            return false;
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return true;
}

QStringList pathsOf(const QJsonArray &entries)
{
    QStringList paths;
    for (const QJsonValue &entry : entries)
        paths.append(entry.toObject().value(u"path").toString());
    return paths;
}

} // namespace

class tst_AgentManifest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void fieldsOfEachType();
    void agreesWithTheHostWalk();
    void nonUtf8NamesCarryTheirBytes();
    void cursorAndPages();
    void maxEntriesTruncates();
    void otherFileSystemIsListedNotEntered();
    void errors_data();
    void errors();
    void rootMustNotBeALink();

private:
    // The answer to one fs.manifest request, or the error.
    Core::Result<QJsonObject> manifest(const QJsonObject &params);
    // Every page, merged.
    Core::Result<Core::WorkspaceManifest> fullManifest(const QString &path, int *pages = nullptr);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Tests::WorkspaceTestTree> m_tree;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<Vm::AgentChannel> m_channel;
};

void tst_AgentManifest::initTestCase()
{
    QVERIFY2(QFile::exists(kAgentPath), qPrintable(kAgentPath));
}

void tst_AgentManifest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_tree = std::make_unique<Tests::WorkspaceTestTree>(m_dir->filePath(u"ws"_s));
    QVERIFY(QDir().mkpath(m_tree->root()));
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(kAgentPath);
    m_process->setWorkingDirectory(m_dir->path());
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_channel = std::make_unique<Vm::AgentChannel>(m_process.get());
    m_process->start();
    QVERIFY(waitUntil([this] { return m_channel->isReady() || m_channel->isClosed(); }));
    QVERIFY(m_channel->isReady());
}

void tst_AgentManifest::cleanup()
{
    m_channel.reset();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->closeWriteChannel();
        if (!m_process->waitForFinished(5000))
            m_process->kill();
        m_process->waitForFinished(1000);
    }
    m_process.reset();
    m_tree.reset();
    m_dir.reset();
}

Core::Result<QJsonObject> tst_AgentManifest::manifest(const QJsonObject &params)
{
    Vm::AgentCall *call = m_channel->call(u"fs.manifest"_s, params);
    if (!waitUntil([call] { return call->isFinished(); }, 60000))
        return Core::makeError(Core::ErrorCode::Timeout, u"no answer"_s);
    const Core::Result<QJsonObject> result = call->result();
    call->deleteLater();
    return result;
}

Core::Result<Core::WorkspaceManifest> tst_AgentManifest::fullManifest(const QString &path,
                                                                      int *pages)
{
    Core::WorkspaceManifest merged;
    QString cursor;
    int count = 0;
    do {
        QJsonObject params{{u"path"_s, path}};
        if (!cursor.isEmpty())
            params.insert(u"cursor", cursor);
        const Core::Result<QJsonObject> page = manifest(params);
        if (!page)
            return std::unexpected(page.error());
        const Core::Result<QString> next = merged.appendPage(*page);
        if (!next)
            return std::unexpected(next.error());
        cursor = *next;
        ++count;
    } while (!cursor.isEmpty());
    if (pages)
        *pages = count;
    return merged;
}

void tst_AgentManifest::fieldsOfEachType()
{
    QVERIFY(m_tree->file(u"a.txt"_s, "abc", 0640));
    QVERIFY(m_tree->file(u"a/b"_s, "", 04755));
    QVERIFY(m_tree->dir(u"a"_s, 0750));
    QVERIFY(m_tree->dir(u".empty"_s));
    QVERIFY(m_tree->link(u"l"_s, u"a/b"_s));
    QVERIFY(m_tree->fifo(u"p"_s));
    const Core::Result<QJsonObject> result = manifest({{u"path"_s, m_tree->root()}});
    QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
    QCOMPARE(result->value(u"truncated").toBool(true), false);
    QVERIFY(!result->contains(u"next"));
    const QJsonArray entries = result->value(u"entries").toArray();
    // Byte order: ".empty" < "a" < "a.txt" < "a/b" ('.' 0x2e before '/' 0x2f).
    QCOMPARE(pathsOf(entries),
             (QStringList{u".empty"_s, u"a"_s, u"a.txt"_s, u"a/b"_s, u"l"_s, u"p"_s}));

    const QJsonObject dir = entries.at(1).toObject();
    QCOMPARE(dir.value(u"type").toString(), u"dir"_s);
    QCOMPARE(dir.value(u"mode").toInt(), 0750);
    QVERIFY(!dir.contains(u"sha256"));
    QVERIFY(!dir.contains(u"target"));

    const QJsonObject file = entries.at(2).toObject();
    QCOMPARE(file.value(u"type").toString(), u"file"_s);
    QCOMPARE(file.value(u"mode").toInt(), 0640);
    QCOMPARE(file.value(u"size").toInt(), 3);
    QCOMPARE(
        file.value(u"sha256").toString(),
        QString::fromLatin1(QCryptographicHash::hash("abc", QCryptographicHash::Sha256).toHex()));
    QVERIFY(!file.contains(u"target"));

    const QJsonObject setuid = entries.at(3).toObject();
    QCOMPARE(setuid.value(u"mode").toInt(), 04755);
    QCOMPARE(setuid.value(u"sha256").toString(),
             u"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"_s);

    const QJsonObject link = entries.at(4).toObject();
    QCOMPARE(link.value(u"type").toString(), u"symlink"_s);
    QCOMPARE(link.value(u"target").toString(), u"a/b"_s);
    QVERIFY(!link.contains(u"sha256"));

    QCOMPARE(entries.at(5).toObject().value(u"type").toString(), u"other"_s);
    QVERIFY(!entries.at(5).toObject().contains(u"sha256"));
}

void tst_AgentManifest::agreesWithTheHostWalk()
{
    QVERIFY(m_tree->file(u"README.md"_s, "hello\n"));
    QVERIFY(m_tree->file(u".hidden/.config"_s, "x", 0600));
    QVERIFY(m_tree->file(u"bin/run"_s, "#!/bin/sh\n", 0755));
    QVERIFY(m_tree->file(u"bin/setuid"_s, "s", 06755));
    QVERIFY(m_tree->dir(u"empty/nested/deeper"_s));
    QVERIFY(m_tree->dir(u"private"_s, 0700));
    QVERIFY(m_tree->file(u"Überprojekt/日本語 テキスト.txt"_s, "ユニコード\n"));
    QVERIFY(m_tree->file(u"emoji 😀/x"_s, "x"));
    QVERIFY(m_tree->link(u"in"_s, u"bin/run"_s));
    QVERIFY(m_tree->link(u"to-dir"_s, u"bin"_s));
    QVERIFY(m_tree->link(u"out"_s, u"/etc"_s));
    QVERIFY(m_tree->link(u"bin/up-out"_s, u"../../.."_s));
    QVERIFY(m_tree->link(u"dangling"_s, u"missing"_s));
    QVERIFY(m_tree->fifo(u"fifo"_s));
    QByteArray large(3 * 1024 * 1024 + 17, Qt::Uninitialized);
    for (qsizetype i = 0; i < large.size(); ++i)
        large[i] = char(i * 7 + i / 4096);
    QVERIFY(m_tree->file(u"large.bin"_s, large));
    // Every length around SHA-256's 64-byte blocks and its 56-byte padding boundary.
    for (int size = 0; size <= 130; ++size)
        QVERIFY(m_tree->file(u"sizes/%1"_s.arg(size), QByteArray(size, char('a' + size % 26))));

    const Core::Result<Core::WorkspaceManifest> agent = fullManifest(m_tree->root());
    QVERIFY2(agent, qPrintable(agent ? QString() : agent.error().message));
    const Core::Result<Core::WorkspaceManifest> host =
        Core::WorkspaceManifest::scan(m_tree->root());
    QVERIFY(host);
    QCOMPARE(agent->size(), host->size());
    for (qsizetype i = 0; i < host->size(); ++i)
        QCOMPARE(agent->entries().at(i), host->entries().at(i));
    QVERIFY(!agent->find(u"to-dir/run"_s));
    QCOMPARE(agent->find(u"large.bin"_s)->sha256,
             QCryptographicHash::hash(large, QCryptographicHash::Sha256).toHex());
}

void tst_AgentManifest::nonUtf8NamesCarryTheirBytes()
{
    QVERIFY(m_tree->rawFile("bad\xff", "x"));
    QVERIFY(m_tree->link(u"ok"_s, u"ok-target"_s));
    const QByteArray rawLink = QFile::encodeName(m_tree->root()) + "/rawlink";
    QVERIFY(::symlink("t\xfe", rawLink.constData()) == 0);
    const Core::Result<QJsonObject> result = manifest({{u"path"_s, m_tree->root()}});
    m_tree->rawRemove("bad\xff");
    QVERIFY(result);
    bool sawName = false;
    bool sawTarget = false;
    for (const QJsonValue &value : result->value(u"entries").toArray()) {
        const QJsonObject entry = value.toObject();
        if (entry.contains(u"path_base64")) {
            QCOMPARE(QByteArray::fromBase64(entry.value(u"path_base64").toString().toLatin1()),
                     QByteArray("bad\xff"));
            sawName = true;
        }
        if (entry.contains(u"target_base64")) {
            QCOMPARE(QByteArray::fromBase64(entry.value(u"target_base64").toString().toLatin1()),
                     QByteArray("t\xfe"));
            sawTarget = true;
        }
    }
    QVERIFY(sawName);
    QVERIFY(sawTarget);
    const Core::Result<Core::WorkspaceManifest> parsed = Core::WorkspaceManifest::fromJson(*result);
    QVERIFY(parsed);
    QVERIFY(parsed->find(u"ok"_s)->exactName);
    QVERIFY(!parsed->find(u"rawlink"_s)->exactName);
}

void tst_AgentManifest::cursorAndPages()
{
    QVERIFY(m_tree->file(u"a"_s, "1"));
    QVERIFY(m_tree->file(u"b"_s, "2"));
    QVERIFY(m_tree->file(u"c"_s, "3"));
    const Core::Result<QJsonObject> after =
        manifest({{u"path"_s, m_tree->root()},
                  {u"cursor"_s, QString::fromLatin1(QByteArray("a").toBase64())}});
    QVERIFY(after);
    QCOMPARE(pathsOf(after->value(u"entries").toArray()), (QStringList{u"b"_s, u"c"_s}));

    // Enough entries for more than one page of about 8 MiB.
    const QString many = m_tree->path(u"many"_s);
    QVERIFY(QDir().mkpath(many));
    const QString padding(40, u'p');
    for (int i = 0; i < 65000; ++i) {
        QFile file(many + u"/file-%1-"_s.arg(i, 6, 10, QLatin1Char('0')) + padding);
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    int pages = 0;
    QElapsedTimer clock;
    clock.start();
    const Core::Result<Core::WorkspaceManifest> agent = fullManifest(m_tree->root(), &pages);
    qInfo() << "65,000 entries in" << pages << "pages," << clock.elapsed() << "ms";
    QVERIFY2(agent, qPrintable(agent ? QString() : agent.error().message));
    QVERIFY(pages >= 2);
    const Core::Result<Core::WorkspaceManifest> host =
        Core::WorkspaceManifest::scan(m_tree->root());
    QVERIFY(host);
    QCOMPARE(agent->size(), 65000 + 4);
    QVERIFY(agent->entries() == host->entries());
}

void tst_AgentManifest::maxEntriesTruncates()
{
    for (int i = 0; i < 10; ++i)
        QVERIFY(m_tree->file(u"d%1/f"_s.arg(i), "x"));
    const Core::Result<QJsonObject> some =
        manifest({{u"path"_s, m_tree->root()}, {u"max_entries"_s, 5}});
    QVERIFY(some);
    QVERIFY(some->value(u"truncated").toBool());
    QCOMPARE(some->value(u"entries").toArray().size(), 5);
    const Core::Result<QJsonObject> all =
        manifest({{u"path"_s, m_tree->root()}, {u"max_entries"_s, 20}});
    QVERIFY(all);
    QVERIFY(!all->value(u"truncated").toBool());
    QCOMPARE(all->value(u"entries").toArray().size(), 20);
}

void tst_AgentManifest::otherFileSystemIsListedNotEntered()
{
    QVERIFY(m_tree->dir(u"mnt"_s));
    QVERIFY(m_tree->file(u"kept"_s, "k"));
    const QByteArray mountPoint = QFile::encodeName(m_tree->path(u"mnt"_s));
    if (::mount("tmpfs", mountPoint.constData(), "tmpfs", 0, "size=1m") != 0)
        QSKIP("cannot mount a tmpfs here (needs root and a mount namespace that allows it)");
    QVERIFY(m_tree->file(u"mnt/inside"_s, "i"));
    const Core::Result<QJsonObject> result = manifest({{u"path"_s, m_tree->root()}});
    ::umount(mountPoint.constData());
    QVERIFY(result);
    const QJsonArray entries = result->value(u"entries").toArray();
    QCOMPARE(pathsOf(entries), (QStringList{u"kept"_s, u"mnt"_s}));
    QVERIFY(entries.at(1).toObject().value(u"other_fs").toBool());
}

void tst_AgentManifest::errors_data()
{
    QTest::addColumn<QJsonObject>("params");
    QTest::addColumn<Core::ErrorCode>("code");
    QTest::newRow("no path") << QJsonObject{} << Core::ErrorCode::InvalidInput;
    QTest::newRow("empty path") << QJsonObject{{u"path"_s, u""_s}} << Core::ErrorCode::InvalidInput;
    QTest::newRow("missing") << QJsonObject{{u"path"_s, u"/nonexistent/terrarium"_s}}
                             << Core::ErrorCode::NotFound;
    QTest::newRow("not a folder") << QJsonObject{{u"path"_s, kAgentPath}}
                                  << Core::ErrorCode::IoError;
    QTest::newRow("zero max_entries")
        << QJsonObject{{u"path"_s, u"/"_s}, {u"max_entries"_s, 0}} << Core::ErrorCode::InvalidInput;
    QTest::newRow("huge max_entries")
        << QJsonObject{{u"path"_s, u"/"_s}, {u"max_entries"_s, 5000000}}
        << Core::ErrorCode::InvalidInput;
    QTest::newRow("bad cursor") << QJsonObject{{u"path"_s, u"/"_s}, {u"cursor"_s, u"*"_s}}
                                << Core::ErrorCode::InvalidInput;
}

void tst_AgentManifest::errors()
{
    QFETCH(QJsonObject, params);
    QFETCH(Core::ErrorCode, code);
    const Core::Result<QJsonObject> result = manifest(params);
    QVERIFY(!result);
    QCOMPARE(result.error().code, code);
}

void tst_AgentManifest::rootMustNotBeALink()
{
    QVERIFY(m_tree->dir(u"real"_s));
    QVERIFY(m_tree->link(u"alias"_s, u"real"_s));
    const Core::Result<QJsonObject> linked = manifest({{u"path"_s, m_tree->path(u"alias"_s)}});
    QVERIFY(!linked);
    QVERIFY2(linked.error().message.contains(u"symbolic links"),
             qPrintable(linked.error().message));
}

QTEST_GUILESS_MAIN(tst_AgentManifest)

#include "tst_agentmanifest.moc"
