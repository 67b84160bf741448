// The review of a sandbox's changes to a copied workspace, built from real folders: a host
// folder, a second folder standing in for the sandbox's copy, their manifests and the change set
// Core computes from them; what the user sees and what the panel asks for.

#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceFolder.h"
#include "core/workspace/WorkspaceManifest.h"
#include "tests/core/workspace/WorkspaceTestTree.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/DiffView.h"
#include "ui/UiColors.h"
#include "ui/WorkspaceChangeModel.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QListView>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeView>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Core::WorkspaceApplyReport;
using Core::WorkspaceChangeSet;
using Core::WorkspaceSelection;
using Widgets::ChangeReviewPanel;
using Widgets::DiffView;
using Widgets::WorkspaceChangeModel;
using LineKind = Widgets::DiffView::LineKind;

namespace {

// A host folder, a sandbox folder that starts as its copy, and the base manifest.
struct Fixture
{
    QTemporaryDir hostDir;
    QTemporaryDir sandboxDir;
    Tests::WorkspaceTestTree host{hostDir.path()};
    Tests::WorkspaceTestTree sandbox{sandboxDir.path()};
    Core::WorkspaceManifest base;

    bool copy()
    {
        if (QProcess::execute(u"cp"_s, {u"-a"_s, hostDir.path() + u"/."_s, sandboxDir.path()}) != 0)
            return false;
        const Core::Result<Core::WorkspaceManifest> scanned =
            Core::WorkspaceManifest::scan(hostDir.path());
        if (!scanned)
            return false;
        base = *scanned;
        return true;
    }
    WorkspaceChangeSet::ContentProvider provider() const
    {
        const QString folder = sandboxDir.path();
        return [folder](const Core::WorkspaceChange &change, qint64 maxBytes) {
            Core::WorkspaceFolder sandbox(folder);
            if (Core::Result<void> opened = sandbox.open(); !opened)
                return Core::Result<QByteArray>(std::unexpected(opened.error()));
            return sandbox.readFile(change.path, maxBytes);
        };
    }
    // The change set with every diff filled in, as the review gets it.
    std::optional<WorkspaceChangeSet> changes() const
    {
        const auto s = Core::WorkspaceManifest::scan(sandboxDir.path());
        const auto h = Core::WorkspaceManifest::scan(hostDir.path());
        if (!s || !h)
            return std::nullopt;
        Core::Result<WorkspaceChangeSet> set = WorkspaceChangeSet::compute(base, *s, *h);
        if (!set || !set->describe(hostDir.path(), provider()))
            return std::nullopt;
        return *set;
    }
};

// Eight changes: four added (two of them blocked), three changed (one a conflict), one deleted.
bool buildTypicalChanges(Fixture &f)
{
    return f.host.file(u"src/main.c"_s, "int main()\n{\n    return 0;\n}\n")
        && f.host.file(u"old.txt"_s, "old\n") && f.host.file(u"notes.txt"_s, "base\n")
        && f.host.file(u"script.sh"_s, "echo\n", 0644) && f.copy()
        && f.sandbox.file(u"src/main.c"_s, "int main()\n{\n    return 1;\n}\n")
        && QFile::remove(f.sandbox.path(u"old.txt"_s)) && f.sandbox.file(u"new.txt"_s, "fresh\n")
        && f.sandbox.file(u"script.sh"_s, "echo\n", 0755)
        && f.sandbox.file(u"notes.txt"_s, "sandbox\n")
        && f.host.file(u"notes.txt"_s, "my own edit\n") // the user edited it meanwhile
        && f.sandbox.fifo(u"fifo"_s) && f.sandbox.link(u"escape"_s, u"../../etc/passwd"_s)
        && f.sandbox.file(u"logo.bin"_s, QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
}

int rowOf(const WorkspaceChangeModel *model, const QString &path)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->data(model->index(row), WorkspaceChangeModel::PathRole).toString() == path)
            return row;
    }
    return -1;
}

QString labelText(const ChangeReviewPanel &panel, const QString &name)
{
    const auto *label = panel.findChild<QLabel *>(name);
    return label ? label->text() : u"<no label %1>"_s.arg(name);
}

QPushButton *button(const ChangeReviewPanel &panel, const QString &name)
{
    return panel.findChild<QPushButton *>(name);
}

// Where the check box of row is drawn (WorkspaceChangeDelegate's layout).
QPoint checkBoxCenter(const QListView *list, int row)
{
    const QRect rect = list->visualRect(list->model()->index(row, 0));
    const QFontMetrics metrics(list->font());
    const int pad = qMax(3, metrics.height() / 3);
    const int width = list->style()->pixelMetric(QStyle::PM_IndicatorWidth);
    return {rect.left() + pad + width / 2, rect.top() + pad + metrics.lineSpacing() / 2};
}

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x1f, 0x23, 0x28));
    palette.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Base, QColor(0x16, 0x19, 0x1d));
    palette.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    palette.setColor(QPalette::Button, QColor(0x2b, 0x30, 0x36));
    palette.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    return palette;
}

// The diff view's lines with the background each is painted on (invalid: the view's base).
QList<std::pair<QString, QColor>> renderedLines(const DiffView *view)
{
    QList<std::pair<QString, QColor>> lines;
    for (QTextBlock block = view->document()->begin(); block.isValid(); block = block.next()) {
        const QTextBlockFormat format = block.blockFormat();
        lines.append({block.text(),
                      format.hasProperty(QTextFormat::BackgroundBrush) ? format.background().color()
                                                                       : QColor()});
    }
    return lines;
}

} // namespace

class tst_ChangeReviewPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headerCountsAndTarget();
    void conflictsStartUnticked();
    void blockedCannotBeTicked();
    void modifiedFileShowsColouredDiff();
    void diffFollowsDarkPalette();
    void binaryAndFolderChangesExplainWhy();
    void applyEmitsExactlyTheTickedPaths();
    void applyDisabledWhenNothingTicked();
    void folderDependenciesStayTogether();
    void hostilePathsAreEscaped();
    void applyReportListsSkippedItems();
    void modelPassesModelTester();
    void autorunChangesNeedTheirOwnTick();
};

void tst_ChangeReviewPanel::headerCountsAndTarget()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(set->changes().size(), 8);

    ChangeReviewPanel panel;
    panel.setTargetFolder(u"/home/ada/project"_s);
    panel.setChangeSet(*set);
    QVERIFY2(labelText(panel, u"changeTitle"_s).startsWith(u"8 file"),
             qPrintable(labelText(panel, u"changeTitle"_s)));
    QVERIFY(labelText(panel, u"changeTitle"_s).endsWith(u"changed in the sandbox"));
    const QString counts = labelText(panel, u"changeCounts"_s);
    QVERIFY2(counts.contains(u"4 added") && counts.contains(u"3 changed")
                 && counts.contains(u"1 deleted"),
             qPrintable(counts));
    QVERIFY2(counts.contains(u"1 also changed on the host"), qPrintable(counts));
    QVERIFY2(counts.contains(u"2 cannot be applied"), qPrintable(counts));
    QVERIFY(labelText(panel, u"targetFolder"_s).contains(u"/home/ada/project"));
    QCOMPARE(labelText(panel, u"checkedCount"_s), u"5 of 8 selected"_s);

    panel.setChangeSet(WorkspaceChangeSet());
    QCOMPARE(labelText(panel, u"changeTitle"_s), u"No files changed in the sandbox"_s);
    QVERIFY(!button(panel, u"applyButton"_s)->isEnabled());
    QVERIFY(!button(panel, u"discardButton"_s)->isEnabled());
}

void tst_ChangeReviewPanel::conflictsStartUnticked()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    const WorkspaceChangeModel *model = panel.model();

    const QModelIndex notes = model->index(rowOf(model, u"notes.txt"_s));
    QVERIFY(notes.data(WorkspaceChangeModel::ConflictRole).toBool());
    QCOMPARE(notes.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
    QVERIFY(notes.flags() & Qt::ItemIsUserCheckable); // the user may choose to overwrite
    QVERIFY(notes.data(WorkspaceChangeModel::DetailRole)
                .toString()
                .contains(u"changed on the host too", Qt::CaseInsensitive));
    for (const QString &path :
         {u"src/main.c"_s, u"old.txt"_s, u"new.txt"_s, u"script.sh"_s, u"logo.bin"_s}) {
        QCOMPARE(model->index(rowOf(model, path)).data(Qt::CheckStateRole).value<Qt::CheckState>(),
                 Qt::Checked);
    }

    // Selecting it says what ticking it means, next to the diff against the base.
    panel.changeList()->setCurrentIndex(notes);
    QVERIFY(labelText(panel, u"diffInfo"_s).contains(u"changed on the host"));
    QVERIFY(labelText(panel, u"diffInfo"_s).contains(u"overwrites"));
}

void tst_ChangeReviewPanel::blockedCannotBeTicked()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.resize(1000, 700);
    panel.setChangeSet(*set);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    WorkspaceChangeModel *model = panel.model();

    for (const QString &path : {u"fifo"_s, u"escape"_s}) {
        const int row = rowOf(model, path);
        const QModelIndex index = model->index(row);
        QVERIFY(index.data(WorkspaceChangeModel::BlockedRole).toBool());
        QCOMPARE(index.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QVERIFY(!(index.flags() & Qt::ItemIsUserCheckable));
        QVERIFY(!model->setData(index, Qt::Checked, Qt::CheckStateRole));
        // A click on its box does nothing either; Select All leaves it alone.
        QTest::mouseClick(panel.changeList()->viewport(), Qt::LeftButton, {},
                          checkBoxCenter(panel.changeList(), row));
        button(panel, u"selectAllButton"_s)->click();
        QCOMPARE(index.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QVERIFY(!panel.selection().accepts(path));
    }
    // Its reason is shown in the row and next to the list.
    const QModelIndex fifo = model->index(rowOf(model, u"fifo"_s));
    QVERIFY(fifo.data(WorkspaceChangeModel::DetailRole).toString().contains(u"special file"));
    panel.changeList()->setCurrentIndex(fifo);
    QVERIFY(labelText(panel, u"diffInfo"_s).startsWith(u"This change cannot be applied"));
    QVERIFY(panel.findChild<QLabel *>(u"diffInfo"_s)->isVisible());
}

void tst_ChangeReviewPanel::modifiedFileShowsColouredDiff()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    const int row = rowOf(panel.model(), u"src/main.c"_s);
    QCOMPARE(panel.model()->index(row).data(WorkspaceChangeModel::DetailRole).toString(),
             u"+1 −1"_s);
    panel.changeList()->setCurrentIndex(panel.model()->index(row));
    QCOMPARE(labelText(panel, u"diffTitle"_s), u"src/main.c"_s);

    const DiffView *view = panel.diffView();
    QVERIFY(view->isReadOnly());
    QVERIFY(QFontInfo(view->font()).fixedPitch());
    QCOMPARE(qobject_cast<QStackedWidget *>(view->parentWidget())->currentWidget(), view);
    const QList<std::pair<QString, QColor>> lines = renderedLines(view);
    QStringList texts;
    for (const auto &[text, colour] : lines)
        texts.append(text);
    QCOMPARE(texts,
             (QStringList{u"--- a/src/main.c"_s, u"+++ b/src/main.c"_s, u"@@ -1,4 +1,4 @@"_s,
                          u" int main()"_s, u" {"_s, u"-    return 0;"_s, u"+    return 1;"_s,
                          u" }"_s}));

    const QPalette &palette = view->palette();
    const QColor removed = lines.at(5).second;
    const QColor added = lines.at(6).second;
    const QColor hunk = lines.at(2).second;
    QCOMPARE(added, DiffView::lineBackground(LineKind::Added, palette));
    QCOMPARE(removed, DiffView::lineBackground(LineKind::Removed, palette));
    QCOMPARE(hunk, DiffView::lineBackground(LineKind::Hunk, palette));
    QVERIFY2(added.green() > added.red() && added.green() > added.blue(), qPrintable(added.name()));
    QVERIFY2(removed.red() > removed.green() && removed.red() > removed.blue(),
             qPrintable(removed.name()));
    QVERIFY2(qAbs(hunk.red() - hunk.green()) < 8 && qAbs(hunk.green() - hunk.blue()) < 8,
             qPrintable(hunk.name()));
    QVERIFY(!lines.at(3).second.isValid()); // context lines: no tint
    // Every tinted line stays readable.
    for (const QColor &background : {added, removed, hunk})
        QVERIFY(Widgets::UiColors::contrastRatio(palette.color(QPalette::Text), background) >= 4.5);
}

void tst_ChangeReviewPanel::diffFollowsDarkPalette()
{
    Fixture f;
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"a.txt"_s, "one\n"));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    const QColor lightAdded = renderedLines(panel.diffView()).last().second;
    panel.setPalette(darkPalette());
    const QList<std::pair<QString, QColor>> lines = renderedLines(panel.diffView());
    QCOMPARE(lines.last().first, u"+one"_s);
    const QColor darkAdded = lines.last().second;
    QVERIFY2(Widgets::UiColors::isDark(panel.diffView()->palette()), "dark palette not applied");
    QVERIFY2(Widgets::UiColors::luminance(darkAdded) < 0.1, qPrintable(darkAdded.name()));
    QVERIFY(Widgets::UiColors::luminance(lightAdded) > 0.5);
    QVERIFY(darkAdded.green() > darkAdded.red());
    QVERIFY(Widgets::UiColors::contrastRatio(QColor(0xe6, 0xe6, 0xe6), darkAdded) >= 4.5);
}

void tst_ChangeReviewPanel::binaryAndFolderChangesExplainWhy()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    QVERIFY(f.sandbox.dir(u"build"_s));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    const auto *pages = qobject_cast<QStackedWidget *>(panel.diffView()->parentWidget());
    QVERIFY(pages);

    panel.changeList()->setCurrentIndex(panel.model()->index(rowOf(panel.model(), u"logo.bin"_s)));
    QVERIFY2(labelText(panel, u"diffMessage"_s).contains(u"binary file"),
             qPrintable(labelText(panel, u"diffMessage"_s)));
    QVERIFY(panel.diffView()->document()->isEmpty());
    QVERIFY(pages->currentWidget() != panel.diffView());

    panel.changeList()->setCurrentIndex(panel.model()->index(rowOf(panel.model(), u"build"_s)));
    QVERIFY2(labelText(panel, u"diffMessage"_s).contains(u"folder"),
             qPrintable(labelText(panel, u"diffMessage"_s)));

    panel.changeList()->setCurrentIndex(panel.model()->index(rowOf(panel.model(), u"script.sh"_s)));
    QCOMPARE(labelText(panel, u"diffMessage"_s), u"Only the permissions change: 644 → 755."_s);
}

void tst_ChangeReviewPanel::applyEmitsExactlyTheTickedPaths()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.resize(1000, 700);
    panel.setChangeSet(*set);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy applied(&panel, &ChangeReviewPanel::applyRequested);

    // Untick old.txt and tick the conflict, both with the mouse on their boxes.
    QListView *list = panel.changeList();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                      checkBoxCenter(list, rowOf(panel.model(), u"old.txt"_s)));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                      checkBoxCenter(list, rowOf(panel.model(), u"notes.txt"_s)));
    // And untick logo.bin from the keyboard.
    list->setFocus();
    list->setCurrentIndex(panel.model()->index(rowOf(panel.model(), u"logo.bin"_s)));
    QTest::keyClick(list, Qt::Key_Space);
    QCOMPARE(labelText(panel, u"checkedCount"_s), u"4 of 8 selected"_s);

    button(panel, u"applyButton"_s)->click();
    QCOMPARE(applied.size(), 1);
    const auto selection = applied.first().first().value<WorkspaceSelection>();
    QVERIFY(!selection.all);
    QCOMPARE(selection.paths,
             (QSet<QString>{u"src/main.c"_s, u"new.txt"_s, u"script.sh"_s, u"notes.txt"_s}));
    QVERIFY(!selection.overwriteAll);
    QCOMPARE(selection.overwrite, QSet<QString>{u"notes.txt"_s});

    // What it asks for is what Core applies.
    const Core::Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), selection, f.provider());
    QVERIFY(report);
    QCOMPARE(QSet<QString>(report->applied.cbegin(), report->applied.cend()), selection.paths);
    QCOMPARE(f.host.read(u"notes.txt"_s), QByteArray("sandbox\n"));
    QVERIFY(f.host.exists(u"old.txt"_s));
    QVERIFY(!f.host.exists(u"logo.bin"_s));
}

void tst_ChangeReviewPanel::applyDisabledWhenNothingTicked()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    QSignalSpy applied(&panel, &ChangeReviewPanel::applyRequested);
    QSignalSpy discarded(&panel, &ChangeReviewPanel::discardRequested);
    QPushButton *apply = button(panel, u"applyButton"_s);
    QVERIFY(apply->isEnabled());

    button(panel, u"selectNoneButton"_s)->click();
    QCOMPARE(panel.model()->checkedCount(), 0);
    QVERIFY(!apply->isEnabled());
    apply->click();
    QCOMPARE(applied.size(), 0);

    // Select All ticks everything that can be applied, but never overwrites the host's edits.
    button(panel, u"selectAllButton"_s)->click();
    QVERIFY(apply->isEnabled());
    QCOMPARE(panel.model()->checkedCount(), 5);
    QVERIFY(!panel.selection().accepts(u"notes.txt"_s));

    button(panel, u"discardButton"_s)->click();
    QCOMPARE(discarded.size(), 1);
    QCOMPARE(applied.size(), 0);
}

void tst_ChangeReviewPanel::folderDependenciesStayTogether()
{
    Fixture f;
    QVERIFY(f.host.file(u"gone/a.txt"_s, "a\n"));
    QVERIFY(f.host.file(u"gone/b.txt"_s, "b\n"));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"made/deep/file.txt"_s, "new\n"));
    QVERIFY(QDir(f.sandbox.path(u"gone"_s)).removeRecursively());
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setChangeSet(*set);
    WorkspaceChangeModel *model = panel.model();
    const auto checked = [model](const QString &path) {
        return model->isChecked(rowOf(model, path));
    };

    // A file cannot be made without its folders, nor a folder removed while it holds files.
    QVERIFY(model->setChecked(rowOf(model, u"made"_s), false));
    QVERIFY(!checked(u"made/deep"_s));
    QVERIFY(!checked(u"made/deep/file.txt"_s));
    QVERIFY(model->setChecked(rowOf(model, u"made/deep/file.txt"_s), true));
    QVERIFY(checked(u"made"_s) && checked(u"made/deep"_s));

    QVERIFY(model->setChecked(rowOf(model, u"gone/a.txt"_s), false));
    QVERIFY(!checked(u"gone"_s));
    QVERIFY(checked(u"gone/b.txt"_s));
    QVERIFY(model->setChecked(rowOf(model, u"gone"_s), true));
    QVERIFY(checked(u"gone/a.txt"_s));

    const Core::Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), panel.selection(), f.provider());
    QVERIFY(report);
    QVERIFY(report->skipped.isEmpty());
}

void tst_ChangeReviewPanel::hostilePathsAreEscaped()
{
    const QString newline = u"a\n+evil"_s; // would be an added line
    const QString rtl = u"invoice\u202Etxt.exe"_s;
    const QString control = u"bell\x07\x1b[2Jname"_s;
    const QString longName = QString(200, u'x') + u".txt"_s;
    const QString backslash = u"a\\nb"_s; // a real backslash, not a newline
    const QString emoji = u"notes \U0001F600 שלום.txt"_s; // nothing hidden
    Fixture f;
    QVERIFY(f.copy());
    for (const QString &name : {newline, rtl, control, longName, backslash, emoji})
        QVERIFY(f.sandbox.file(name, "line\n"));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(set->changes().size(), 6);

    ChangeReviewPanel panel;
    panel.resize(1024, 640);
    panel.setChangeSet(*set);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const WorkspaceChangeModel *model = panel.model();
    const auto shown = [model](const QString &path) {
        return model->index(rowOf(model, path)).data(Qt::DisplayRole).toString();
    };
    QCOMPARE(shown(newline), u"a\\n+evil"_s);
    QCOMPARE(shown(rtl), u"invoice\\u202etxt.exe"_s);
    QCOMPARE(shown(control), u"bell\\x07\\x1b[2Jname"_s);
    QCOMPARE(shown(backslash), u"a\\\\nb"_s); // cannot pass for the newline's escape
    QCOMPARE(shown(longName), longName);
    QCOMPARE(shown(emoji), emoji);
    const auto hidden = [model](const QString &path) {
        return model->index(rowOf(model, path))
            .data(WorkspaceChangeModel::HiddenCharactersRole)
            .toBool();
    };
    QVERIFY(hidden(rtl) && hidden(newline) && hidden(control));
    QVERIFY(!hidden(longName) && !hidden(backslash) && !hidden(emoji));
    QVERIFY(model->index(rowOf(model, rtl))
                .data(WorkspaceChangeModel::DetailRole)
                .toString()
                .startsWith(u"Hidden characters in its name"));
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row);
        for (const int role :
             {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::AccessibleTextRole),
              int(WorkspaceChangeModel::DetailRole)}) {
            const QString text = index.data(role).toString();
            QVERIFY2(!text.contains(QChar(0x202e)) && !text.contains(QChar(0x1b))
                         && !text.contains(QChar(0x07)),
                     qPrintable(text));
            // One line each, but the tooltip's (one line per fact, the path first).
            if (role != Qt::ToolTipRole)
                QVERIFY2(!text.contains(u'\n'), qPrintable(text));
        }
        QVERIFY(index.data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(u"<p style='white-space:pre-wrap'>"_s
                                + index.data(Qt::DisplayRole).toString().toHtmlEscaped() + u'\n'));
    }

    // The diff's header names the path escaped: the newline forges no added line.
    panel.changeList()->setCurrentIndex(model->index(rowOf(model, newline)));
    const QList<std::pair<QString, QColor>> lines = renderedLines(panel.diffView());
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines.at(0).first, u"--- /dev/null"_s);
    QCOMPARE(lines.at(1).first, u"+++ b/a\\n+evil"_s);
    QCOMPARE(lines.at(3).first, u"+line"_s);
    QCOMPARE(labelText(panel, u"diffTitle"_s), u"a\\n+evil"_s);

    // A long name is elided in the title, whole in its tooltip, and does not widen the panel.
    panel.changeList()->setCurrentIndex(model->index(rowOf(model, longName)));
    QVERIFY(labelText(panel, u"diffTitle"_s).contains(QChar(0x2026)));
    QVERIFY(panel.findChild<QLabel *>(u"diffTitle"_s)->toolTip().contains(longName));
    QCOMPARE(panel.width(), 1024);
}

void tst_ChangeReviewPanel::applyReportListsSkippedItems()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    ChangeReviewPanel panel;
    panel.setTargetFolder(f.hostDir.path());
    panel.setChangeSet(*set);
    QSignalSpy applied(&panel, &ChangeReviewPanel::applyRequested);
    QSignalSpy dismissed(&panel, &ChangeReviewPanel::dismissed);
    button(panel, u"applyButton"_s)->click();
    QCOMPARE(applied.size(), 1);

    // The user edits a file while the changes are being applied: it is left alone.
    QVERIFY(f.host.file(u"src/main.c"_s, "int main() { return 42; }\n"));
    const Core::Result<WorkspaceApplyReport> report = set->apply(
        f.hostDir.path(), applied.first().first().value<WorkspaceSelection>(), f.provider());
    QVERIFY(report);
    QCOMPARE(report->skipped.size(), 1);
    panel.showApplyReport(*report);

    QVERIFY(panel.isShowingReport());
    QCOMPARE(labelText(panel, u"reportTitle"_s).left(2), u"1 "_s);
    QVERIFY(labelText(panel, u"reportTitle"_s).contains(u"could not be applied"));
    const QString summary = labelText(panel, u"reportSummary"_s);
    QVERIFY2(summary.contains(u"4 change") && summary.contains(u"3 change"), qPrintable(summary));
    const auto *view = panel.findChild<QTreeView *>(u"reportView"_s);
    QVERIFY(view);
    const QAbstractItemModel *rows = view->model();
    QCOMPARE(rows->rowCount(), 5);
    QCOMPARE(rows->index(0, 0).data().toString(), u"src/main.c"_s);
    const QString reason = rows->index(0, 1).data().toString();
    QVERIFY2(reason.startsWith(u"Not applied: ")
                 && reason.contains(u"after the changes were listed"),
             qPrintable(reason));
    QCOMPARE(rows->index(0, 1).data(Qt::ForegroundRole).value<QBrush>().color(),
             Widgets::UiColors::failure(panel.palette(), panel.palette().color(QPalette::Base)));
    QStringList appliedRows;
    for (int row = 1; row < rows->rowCount(); ++row) {
        QCOMPARE(rows->index(row, 1).data().toString(), u"Applied"_s);
        appliedRows.append(rows->index(row, 0).data().toString());
    }
    QCOMPARE(appliedRows, report->applied);

    panel.findChild<QPushButton *>(u"closeButton"_s)->click();
    QCOMPARE(dismissed.size(), 1);
    // A new change set goes back to the review.
    panel.setChangeSet(*set);
    QVERIFY(!panel.isShowingReport());
}

void tst_ChangeReviewPanel::modelPassesModelTester()
{
    Fixture f;
    QVERIFY(buildTypicalChanges(f));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    WorkspaceChangeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy checks(&model, &WorkspaceChangeModel::checksChanged);
    model.setChangeSet(*set);
    QCOMPARE(checks.size(), 1);
    model.setAllChecked(false);
    QVERIFY(model.setData(model.index(0), Qt::Checked, Qt::CheckStateRole)
            || model.change(0).isBlocked());
    model.setAllChecked(true);
    model.setChangeSet(WorkspaceChangeSet());
    QCOMPARE(model.rowCount(), 0);
}

void tst_ChangeReviewPanel::autorunChangesNeedTheirOwnTick()
{
    // A sandbox that plants a hook and a fsmonitor in the git config: both start unticked, in
    // red with why, Select All leaves them, following a folder does not tick them, and only their
    // own tick sends them.
    Fixture f;
    QVERIFY(f.host.file(u".git/config"_s, "[core]\n") && f.host.file(u"app.c"_s, "a\n"));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u".git/config"_s, "[core]\n\tfsmonitor = \"touch /tmp/pwned\"\n"));
    QVERIFY(f.sandbox.file(u".git/hooks/post-checkout"_s, "#!/bin/sh\n", 0755));
    QVERIFY(f.sandbox.file(u"app.c"_s, "b\n"));
    const std::optional<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);

    ChangeReviewPanel panel;
    panel.resize(1000, 700);
    panel.setChangeSet(*set);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    WorkspaceChangeModel *model = panel.model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int config = rowOf(model, u".git/config"_s);
    const int hook = rowOf(model, u".git/hooks/post-checkout"_s);
    const int hooks = rowOf(model, u".git/hooks"_s);
    QVERIFY(config >= 0 && hook >= 0 && hooks >= 0);
    for (const int row : {config, hook}) {
        const QModelIndex index = model->index(row);
        QVERIFY(index.data(WorkspaceChangeModel::AutorunRole).toBool());
        QCOMPARE(index.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QVERIFY(index.flags() & Qt::ItemIsUserCheckable);
    }
    QVERIFY(model->index(config)
                .data(WorkspaceChangeModel::DetailRole)
                .toString()
                .contains(u"core.fsmonitor"_s));
    QVERIFY(model->index(hook).data(WorkspaceChangeModel::DetailRole).toString().contains(u"hook"));
    QVERIFY2(labelText(panel, u"changeCounts"_s).contains(u"2 would run by itself"),
             qPrintable(labelText(panel, u"changeCounts"_s)));
    QCOMPARE(
        model->index(rowOf(model, u"app.c"_s)).data(Qt::CheckStateRole).value<Qt::CheckState>(),
        Qt::Checked);

    // Select All: everything else.
    button(panel, u"selectNoneButton"_s)->click();
    button(panel, u"selectAllButton"_s)->click();
    QVERIFY(!model->isChecked(config));
    QVERIFY(!model->isChecked(hook));
    QVERIFY(model->isChecked(hooks)); // a folder is made, nothing in it runs
    // Selecting it says so, in the failure colour.
    panel.changeList()->setCurrentIndex(model->index(hook));
    const auto *info = panel.findChild<QLabel *>(u"diffInfo"_s);
    QVERIFY(info->text().contains(u"tick it on its own"));
    QCOMPARE(info->palette().color(QPalette::WindowText),
             Widgets::UiColors::failure(panel.palette(), panel.palette().color(QPalette::Window)));

    // Its own tick, with the mouse on its box.
    QListView *list = panel.changeList();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, checkBoxCenter(list, hook));
    QVERIFY(model->isChecked(hook));
    QSignalSpy applied(&panel, &ChangeReviewPanel::applyRequested);
    button(panel, u"applyButton"_s)->click();
    QCOMPARE(applied.size(), 1);
    const auto selection = applied.first().first().value<WorkspaceSelection>();
    QVERIFY(selection.acceptsAutorun(u".git/hooks/post-checkout"_s));
    QVERIFY(!selection.acceptsAutorun(u".git/config"_s));
    const Core::Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), selection, f.provider());
    QVERIFY(report);
    QVERIFY(f.host.exists(u".git/hooks/post-checkout"_s));
    QVERIFY(!f.host.read(u".git/config"_s).contains("fsmonitor"));
}

QTEST_MAIN(tst_ChangeReviewPanel)

#include "tst_changereviewpanel.moc"
