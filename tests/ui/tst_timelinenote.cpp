// The timeline's note rows: each kind shows a picture from the resources before its title, never
// a font glyph (issue 28, item 13a: the denied step's U+26D4 was missing from the default fonts).
#include "core/agent/RunEvent.h"
#include "ui/RunTimeline.h"
#include "ui/TimelineNote.h"

#include <QImage>
#include <QLabel>
#include <QPixmap>
#include <QTest>

using Terrarium::Core::RunEvent;
using Terrarium::Core::RunEventType;
using Terrarium::Widgets::RunTimeline;
using Terrarium::Widgets::TimelineNote;

namespace {

// Whether text holds a character outside Latin, punctuation and the common marks (arrows,
// dingbats, symbols): what a default font may draw as a box.
bool hasSymbolGlyph(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x2190 && c.unicode() != 0x2026)
            return true;
    }
    return false;
}

QImage shownImage(const TimelineNote *note)
{
    const auto *icon = note->findChild<QLabel *>(QStringLiteral("noteIcon"));
    return icon ? icon->pixmap().toImage() : QImage();
}

} // namespace

class tst_TimelineNote : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyKindShowsAPicture_data();
    void everyKindShowsAPicture();
    void deniedStepsNoteShowsTheDeniedIcon();
};

void tst_TimelineNote::everyKindShowsAPicture_data()
{
    QTest::addColumn<TimelineNote::Kind>("kind");
    using Kind = TimelineNote::Kind;
    for (Kind kind :
         {Kind::Failure, Kind::Denied, Kind::RePlan, Kind::Plan, Kind::Undo, Kind::Retry,
          Kind::Info, Kind::RunSucceeded, Kind::RunFailed, Kind::RunCancelled})
        QTest::newRow(qPrintable(QString::number(int(kind)))) << kind;
}

void tst_TimelineNote::everyKindShowsAPicture()
{
    QFETCH(TimelineNote::Kind, kind);
    QVERIFY(!TimelineNote::icon(kind).isNull());
    TimelineNote note(kind, QStringLiteral("Something happened"));
    note.show();
    const auto *icon = note.findChild<QLabel *>(QStringLiteral("noteIcon"));
    QVERIFY(icon);
    QVERIFY(icon->isVisible());
    QVERIFY(!icon->pixmap().isNull());
    QVERIFY2(!hasSymbolGlyph(icon->text()), qPrintable(icon->text()));
    for (const QLabel *label : note.findChildren<QLabel *>())
        QVERIFY2(!hasSymbolGlyph(label->text()), qPrintable(label->text()));
    // As tall as a line of the title.
    QCOMPARE(icon->height(), QFontMetrics(note.font()).height());
}

void tst_TimelineNote::deniedStepsNoteShowsTheDeniedIcon()
{
    RunTimeline timeline;
    timeline.show();
    RunEvent denied;
    denied.runId = QStringLiteral("run");
    denied.seq = 1;
    denied.timestamp = QDateTime::currentDateTimeUtc();
    denied.data = RunEvent::dataFromJson(
        RunEventType::ErrorDetected,
        {{QStringLiteral("step_id"), 2},
         {QStringLiteral("failed_step"), QStringLiteral("Wipe the disk")},
         {QStringLiteral("command"), QStringLiteral("mkfs.ext4 /dev/sda1")},
         {QStringLiteral("kind"), QStringLiteral("denied")},
         {QStringLiteral("error"), QStringLiteral("denied by the safety policy")}});
    timeline.handleEvent(denied);
    QCOMPARE(timeline.notes().size(), 1);
    const TimelineNote *note = timeline.notes().first();
    QCOMPARE(note->kind(), TimelineNote::Kind::Denied);
    QVERIFY(!note->text().contains(QChar(0x26d4)));
    const QImage shown = shownImage(note);
    QVERIFY(!shown.isNull());
    const QImage expected =
        TimelineNote::icon(TimelineNote::Kind::Denied)
            .pixmap(shown.size() / shown.devicePixelRatio(), shown.devicePixelRatio())
            .toImage();
    QCOMPARE(shown.convertToFormat(QImage::Format_ARGB32),
             expected.convertToFormat(QImage::Format_ARGB32));
    // Not the failure's picture: the two differ in shape.
    const QImage failure =
        TimelineNote::icon(TimelineNote::Kind::Failure)
            .pixmap(shown.size() / shown.devicePixelRatio(), shown.devicePixelRatio())
            .toImage();
    QVERIFY(shown.convertToFormat(QImage::Format_ARGB32)
            != failure.convertToFormat(QImage::Format_ARGB32));
}

QTEST_MAIN(tst_TimelineNote)
#include "tst_timelinenote.moc"
