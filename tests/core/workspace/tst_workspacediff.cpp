// Unified diffs of workspace files. Golden files: tests/data/workspace/diff/NAME.before and
// NAME.after (either may be missing: an added or deleted file) against NAME.diff.
// REGENERATE_GOLDEN=1 rewrites the .diff files instead of comparing; read the change before
// committing it. Every diff is also applied with patch(1), when it is installed, which must turn
// before into after.

#include "core/workspace/WorkspaceDiff.h"
#include "tests/TestPaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

namespace {

const QString kDataDir = QStringLiteral(TERRARIUM_TEST_DATA_DIR "/workspace/diff");

std::optional<QByteArray> readOptional(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

// Applies a unified diff with patch(1); nullopt when patch is not installed, else the result
// (or "<patch failed>: ..."). A deleted file comes back as nullopt-like "<deleted>".
std::optional<QByteArray> applyWithPatch(const std::optional<QByteArray> &before,
                                         const QString &diff)
{
    const QString patch = QStandardPaths::findExecutable(u"patch"_s);
    if (patch.isEmpty())
        return std::nullopt;
    QTemporaryDir dir;
    QFile file(dir.filePath(u"f"_s));
    if (!file.open(QIODevice::WriteOnly))
        return QByteArray("<cannot write>");
    if (before)
        file.write(*before);
    file.close();
    QProcess process;
    process.setWorkingDirectory(dir.path());
    // -E: an emptied file is removed; the header names a/f and b/f after -p1.
    process.start(
        patch,
        {u"-p1"_s, u"-E"_s, u"--quiet"_s, u"--no-backup-if-mismatch"_s, u"-r"_s, u"-"_s, u"f"_s});
    process.write(diff.toUtf8());
    process.closeWriteChannel();
    if (!process.waitForFinished(10000) || process.exitCode() != 0)
        return "<patch failed>: " + process.readAllStandardOutput()
            + process.readAllStandardError();
    QFile result(dir.filePath(u"f"_s));
    if (!result.exists())
        return QByteArray("<deleted>");
    if (!result.open(QIODevice::ReadOnly))
        return QByteArray("<cannot read>");
    return result.readAll();
}

// The diff with the file named "f", for patch.
QString forPatch(const std::optional<QByteArray> &before, const std::optional<QByteArray> &after,
                 const WorkspaceDiff::Limits &limits = {})
{
    return WorkspaceDiff::compute(u"f"_s, before, after, limits).text();
}

QByteArray randomText(QRandomGenerator &random, int lines)
{
    static const char *const words[] = {"alpha", "beta", "gamma", "delta", "", "}", "{", "x"};
    QByteArray text;
    for (int i = 0; i < lines; ++i)
        text += QByteArray(words[random.bounded(8)]) + '\n';
    return text;
}

QByteArray mutate(QRandomGenerator &random, QByteArray text)
{
    QList<QByteArray> lines = text.split('\n');
    const int edits = random.bounded(1, 8);
    for (int e = 0; e < edits; ++e) {
        const int at = lines.isEmpty() ? 0 : random.bounded(int(lines.size()));
        switch (random.bounded(3)) {
        case 0:
            lines.insert(at, "new " + QByteArray::number(random.bounded(100)));
            break;
        case 1:
            if (!lines.isEmpty())
                lines.removeAt(at);
            break;
        default:
            if (!lines.isEmpty())
                lines[at] = "changed " + QByteArray::number(random.bounded(100));
        }
    }
    return lines.join('\n');
}

} // namespace

class tst_WorkspaceDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void golden_data();
    void golden();
    void isText_data();
    void isText();
    void binaryAndLimits();
    void identicalContents();
    void tooManyEditsStillGivesACorrectDiff();
    void randomEditsRoundTripThroughPatch();
    void summaries();
};

void tst_WorkspaceDiff::golden_data()
{
    QTest::addColumn<QString>("name");
    const QStringList files = QDir(kDataDir).entryList(QDir::Files, QDir::Name);
    QSet<QString> names;
    for (const QString &file : files) {
        if (file.endsWith(u".before") || file.endsWith(u".after"))
            names.insert(file.section(u'.', 0, 0));
    }
    QStringList sorted(names.cbegin(), names.cend());
    sorted.sort();
    QVERIFY(sorted.size() >= 10);
    for (const QString &name : sorted)
        QTest::newRow(qPrintable(name)) << name;
}

void tst_WorkspaceDiff::golden()
{
    QFETCH(QString, name);
    const std::optional<QByteArray> before = readOptional(kDataDir + u'/' + name + u".before");
    const std::optional<QByteArray> after = readOptional(kDataDir + u'/' + name + u".after");
    const WorkspaceDiff diff = WorkspaceDiff::compute(u"dir/" + name + u".txt", before, after);
    QCOMPARE(diff.kind(), WorkspaceDiff::Kind::Text);
    const QByteArray actual = diff.text().toUtf8();

    const QString goldenPath = kDataDir + u'/' + name + u".diff";
    if (qEnvironmentVariableIntValue("REGENERATE_GOLDEN") == 1) {
        QFile golden(goldenPath);
        QVERIFY(golden.open(QIODevice::WriteOnly | QIODevice::Truncate));
        golden.write(actual);
        qInfo().noquote() << "rewrote" << goldenPath;
    } else {
        const std::optional<QByteArray> expected = readOptional(goldenPath);
        QVERIFY2(
            expected,
            qPrintable(u"no golden file %1 (REGENERATE_GOLDEN=1 writes it)"_s.arg(goldenPath)));
        QCOMPARE(QString::fromUtf8(actual), QString::fromUtf8(*expected));
    }

    const std::optional<QByteArray> patched = applyWithPatch(before, forPatch(before, after));
    if (!patched)
        QSKIP("patch(1) is not installed");
    if (after && after->isEmpty() && *patched == "<deleted>")
        return; // patch -E removes a file it emptied
    QCOMPARE(*patched, after.value_or(QByteArray("<deleted>")));
}

void tst_WorkspaceDiff::isText_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<bool>("text");
    QTest::newRow("empty") << QByteArray() << true;
    QTest::newRow("ascii") << QByteArray("hello\n") << true;
    QTest::newRow("utf-8") << QByteArray("Grüße 日本 😀") << true;
    QTest::newRow("NUL") << QByteArray("a\0b", 3) << false;
    QTest::newRow("latin-1") << QByteArray("Gr\xfc\xdf"
                                           "e")
                             << false;
    QTest::newRow("truncated sequence") << QByteArray("\xe6\x97") << false;
    QTest::newRow("overlong") << QByteArray("\xc0\xaf") << false;
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << false;
    QTest::newRow("png header") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10) << false;
}

void tst_WorkspaceDiff::isText()
{
    QFETCH(QByteArray, data);
    QFETCH(bool, text);
    QCOMPARE(WorkspaceDiff::isText(data), text);
}

void tst_WorkspaceDiff::binaryAndLimits()
{
    const WorkspaceDiff binary =
        WorkspaceDiff::compute(u"img"_s, QByteArray("a\0b", 3), QByteArray("text"));
    QCOMPARE(binary.kind(), WorkspaceDiff::Kind::Binary);
    QCOMPARE(binary.oldSize(), 3);
    QCOMPARE(binary.newSize(), 4);
    QVERIFY(binary.text().isEmpty());

    WorkspaceDiff::Limits limits;
    limits.maxFileBytes = 10;
    const WorkspaceDiff large =
        WorkspaceDiff::compute(u"big"_s, QByteArray("small"), QByteArray(11, 'x'), limits);
    QCOMPARE(large.kind(), WorkspaceDiff::Kind::TooLarge);

    // Files within the limit whose diff is not.
    limits = {};
    limits.maxDiffBytes = 100;
    QByteArray many;
    for (int i = 0; i < 100; ++i)
        many += "line " + QByteArray::number(i) + '\n';
    const WorkspaceDiff longDiff = WorkspaceDiff::compute(u"f"_s, QByteArray(), many, limits);
    QCOMPARE(longDiff.kind(), WorkspaceDiff::Kind::TooLarge);
}

void tst_WorkspaceDiff::identicalContents()
{
    const WorkspaceDiff same = WorkspaceDiff::compute(u"f"_s, QByteArray("a\n"), QByteArray("a\n"));
    QCOMPARE(same.kind(), WorkspaceDiff::Kind::None);
    QCOMPARE(WorkspaceDiff::unifiedHunks("x\ny", "x\ny", 3, 100, 1000), QByteArray());
    QCOMPARE(WorkspaceDiff::compute(u"f"_s, std::nullopt, std::nullopt).kind(),
             WorkspaceDiff::Kind::None);
    // A new empty file is shown (headers only), not hidden.
    const WorkspaceDiff emptyAdded = WorkspaceDiff::compute(u"f"_s, std::nullopt, QByteArray());
    QCOMPARE(emptyAdded.kind(), WorkspaceDiff::Kind::Text);
    QCOMPARE(emptyAdded.text(), u"--- /dev/null\n+++ b/f\n"_s);
}

void tst_WorkspaceDiff::tooManyEditsStillGivesACorrectDiff()
{
    QRandomGenerator random(7);
    const QByteArray before = randomText(random, 3000);
    QByteArray after;
    for (int i = 0; i < 3000; ++i)
        after += "other " + QByteArray::number(i) + '\n';
    WorkspaceDiff::Limits limits;
    limits.maxEdits = 100;
    limits.maxDiffBytes = 1 << 20;
    QElapsedTimer clock;
    clock.start();
    const WorkspaceDiff diff = WorkspaceDiff::compute(u"f"_s, before, after, limits);
    QVERIFY2(clock.elapsed() < 2000, qPrintable(u"%1 ms"_s.arg(clock.elapsed())));
    QCOMPARE(diff.kind(), WorkspaceDiff::Kind::Text);
    QCOMPARE(diff.addedLines(), 3000);
    const std::optional<QByteArray> patched =
        applyWithPatch(before, forPatch(before, after, limits));
    if (!patched)
        QSKIP("patch(1) is not installed");
    QCOMPARE(*patched, after);
}

void tst_WorkspaceDiff::randomEditsRoundTripThroughPatch()
{
    if (QStandardPaths::findExecutable(u"patch"_s).isEmpty())
        QSKIP("patch(1) is not installed");
    QRandomGenerator random(20240601);
    for (int round = 0; round < 150; ++round) {
        const QByteArray before = randomText(random, random.bounded(0, 60));
        const QByteArray after = mutate(random, before);
        const QString diff = forPatch(before, after);
        if (before == after) {
            QVERIFY(diff.isEmpty());
            continue;
        }
        const std::optional<QByteArray> patched = applyWithPatch(before, diff);
        QVERIFY(patched);
        if (after.isEmpty())
            continue; // patch -E removed it
        QVERIFY2(*patched == after,
                 qPrintable(u"round %1\n%2\n--- got ---\n%3"_s.arg(round).arg(
                     diff, QString::fromUtf8(*patched))));
    }
}

void tst_WorkspaceDiff::summaries()
{
    const WorkspaceDiff text =
        WorkspaceDiff::compute(u"f"_s, QByteArray("a\nb\n"), QByteArray("a\nc\nd\n"));
    QCOMPARE(text.addedLines(), 2);
    QCOMPARE(text.removedLines(), 1);
    QCOMPARE(text.summary(), u"+2 −1"_s);
    QCOMPARE(WorkspaceDiff::tooLarge(-1, 5 << 20).summary(),
             u"Too large to show (5242880 bytes)"_s);
    QCOMPARE(WorkspaceDiff::compute(u"b"_s, QByteArray("\0\0", 2), std::nullopt).summary(),
             u"Binary file, 2 bytes"_s);
    QVERIFY(WorkspaceDiff::unavailable(u"gone"_s).summary().contains(u"gone"));
}

QTEST_GUILESS_MAIN(tst_WorkspaceDiff)

#include "tst_workspacediff.moc"
