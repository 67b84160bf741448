#include "SourcedField.h"

#include "ui/UiColors.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStyle>

#include <algorithm>

namespace Terrarium::Widgets {

using Kind = Core::SettingSource::Kind;

SourcedField::SourcedField(QWidget *field, QWidget *parent)
    : QWidget(parent)
    , m_field(field)
{
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setVerticalSpacing(2);
    field->setParent(this);
    layout->addWidget(field, 0, 0);

    m_sourceLabel = new QLabel(this);
    m_sourceLabel->hide();
    QFont small = m_sourceLabel->font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.9);
    m_sourceLabel->setFont(small);
    // As wide as the widest word, so that the fields of a form line up whatever their source.
    const QFontMetrics metrics(small);
    int wordWidth = 0;
    for (const QString &word : {tr("default"), tr("config file"), tr("environment"),
                                tr("command line"), tr("task file"), tr("keyring"), tr("none")})
        wordWidth = std::max(wordWidth, metrics.horizontalAdvance(word));
    m_sourceLabel->setMinimumWidth(wordWidth);
    layout->addWidget(m_sourceLabel, 0, 1);

    m_note = new QWidget(this);
    auto *noteRow = new QHBoxLayout(m_note);
    noteRow->setContentsMargins(0, 0, 0, 0);
    m_noteIcon = new QLabel(m_note);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_noteIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxInformation, nullptr, this).pixmap(iconSize));
    m_noteIcon->setAlignment(Qt::AlignTop);
    m_noteText = new QLabel(m_note);
    m_noteText->setWordWrap(true);
    m_noteText->setTextFormat(Qt::RichText);
    m_noteText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_noteText->setFont(small);
    noteRow->addWidget(m_noteIcon);
    noteRow->addWidget(m_noteText, 1);
    m_note->hide();
    layout->addWidget(m_note, 1, 0, 1, 3);
    // A number needs no 400 pixels: spin boxes keep their size, with the word right after them.
    const bool compact = qobject_cast<QAbstractSpinBox *>(field);
    layout->setColumnStretch(compact ? 2 : 0, 1);

    setFocusProxy(field);
    updateColors();
}

SourcedField::~SourcedField() = default;

void SourcedField::setSource(const Core::SettingSource &source, const QString &value,
                             const QString &defaultText)
{
    m_source = source;
    const QString shown = shownValue(value);
    QString word;
    QString details;
    // The note names what overrides the field, then its value; what saving here does goes to
    // the tooltip, so that the note stays one line in most cases.
    QString pattern;
    QStringList noteArgs; // one or two, for %1 and %2
    QString noteDetails;
    switch (source.kind) {
    case Kind::Default:
        word = defaultText.isEmpty() ? tr("default") : defaultText;
        details = tr("Nothing in the config file, the environment or on the command line sets "
                     "this: %1 applies.")
                      .arg(defaultText.isEmpty() ? tr("Terrarium's default") : defaultText);
        break;
    case Kind::ConfigFile:
        word = tr("config file");
        details = tr("From %1.").arg(source.description());
        break;
    case Kind::Environment:
        word = tr("environment");
        details = tr("From %1.").arg(source.description());
        pattern = shown.isEmpty() ? tr("Overridden: %1 in the environment is used.")
                                  : tr("Overridden: %1 in the environment sets %2.");
        noteArgs = {source.name, shown};
        noteDetails = tr("What you save here applies once %1 is unset.").arg(source.name);
        break;
    case Kind::CommandLine:
        word = tr("command line");
        details = tr("From %1, for this session.").arg(source.description());
        pattern = shown.isEmpty() ? tr("Overridden for this session: %1 on the command line.")
                                  : tr("Overridden for this session: %1 on the command line "
                                       "sets %2.");
        noteArgs = {source.name, shown};
        noteDetails =
            tr("What you save here applies from the next start without %1.").arg(source.name);
        break;
    case Kind::TaskFile:
        word = tr("task file");
        details = tr("From %1, for the task file's runs.").arg(source.description());
        pattern = tr("The task file on show sets %1 for its runs.");
        noteArgs = {shown.isEmpty() ? source.name : shown};
        noteDetails = tr("What you save here applies to runs without a task file.");
        break;
    }
    m_sourceLabel->setText(word);
    m_sourceLabel->setToolTip(details);
    m_sourceLabel->show();

    // Names and values are never broken across lines ("--max-steps" would read as "-- max").
    const auto unbroken = [](const QString &text) {
        return QStringLiteral("<span style=\"white-space:nowrap\">%1</span>")
            .arg(text.toHtmlEscaped());
    };
    noteArgs.removeAll(QString());
    const QString escaped = pattern.toHtmlEscaped();
    if (noteArgs.size() == 2) {
        m_plainNote = pattern.arg(noteArgs[0], noteArgs[1]);
        m_noteText->setText(escaped.arg(unbroken(noteArgs[0]), unbroken(noteArgs[1])));
    } else if (noteArgs.size() == 1) {
        m_plainNote = pattern.arg(noteArgs[0]);
        m_noteText->setText(escaped.arg(unbroken(noteArgs[0])));
    } else {
        m_plainNote.clear();
        m_noteText->clear();
    }
    m_note->setToolTip(noteDetails);
    m_note->setVisible(!pattern.isEmpty());
    updateColors();
}

QString SourcedField::sourceText() const
{
    return m_sourceLabel->isHidden() ? QString() : m_sourceLabel->text();
}

QString SourcedField::noteText() const
{
    return m_note->isHidden() ? QString() : m_plainNote;
}

void SourcedField::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateColors();
}

QString SourcedField::shownValue(const QString &value) const
{
    if (value.isEmpty())
        return QString();
    if (const auto *combo = qobject_cast<QComboBox *>(m_field)) {
        const int index = combo->findData(value);
        if (index >= 0)
            return tr("“%1”").arg(combo->itemText(index));
    }
    if (const auto *spin = qobject_cast<QSpinBox *>(m_field)) {
        bool ok = false;
        const int number = value.toInt(&ok);
        if (ok) {
            if (number == spin->minimum() && !spin->specialValueText().isEmpty())
                return tr("“%1”").arg(spin->specialValueText());
            return spin->prefix() + spin->locale().toString(number) + spin->suffix();
        }
    }
    return tr("“%1”").arg(value);
}

void SourcedField::updateColors()
{
    // Muted, yet readable: the window text moved towards the background, then back to 4.5:1.
    const QPalette inherited = parentWidget() ? parentWidget()->palette() : palette();
    const QColor window = inherited.color(QPalette::Window);
    const QColor text = inherited.color(QPalette::WindowText);
    QPalette muted = inherited;
    muted.setColor(QPalette::WindowText,
                   isOverridden()
                       ? text
                       : UiColors::ensureContrast(UiColors::blend(text, window, 0.45), window));
    m_sourceLabel->setPalette(muted);
}

} // namespace Terrarium::Widgets
