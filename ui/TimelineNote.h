#pragma once

#include <QFrame>

class QIcon;
class QLabel;
class QToolButton;

namespace Terrarium::Widgets {

// A row of the run timeline between step cards: a failure, a re-plan, a new plan, an undo, a
// model retry, or the run's summary at its end. One short line says what happened (the step's
// command is on its card, not repeated here); what is longer sits in details, shown when the
// row is expanded. A row may offer one action (a link such as "Preferences…").
//
// The accent bar and icon (a picture, never a font glyph) follow the kind, and the kind is in the
// accessible name, so rows are told apart without colour. Keyboard: Space or Enter on the toggle
// expands and collapses.
class TimelineNote : public QFrame
{
    Q_OBJECT

public:
    // Run*: the summary row that ends a run.
    enum class Kind {
        Failure,
        Denied,
        RePlan,
        Plan,
        Undo,
        Retry,
        Info,
        RunSucceeded,
        RunFailed,
        RunCancelled,
    };

    TimelineNote(Kind kind, const QString &title, QWidget *parent = nullptr);
    ~TimelineNote() override;

    Kind kind() const { return m_kind; }
    // The picture a row of kind shows before its title (:/icons/notes/, from resources/).
    static QIcon icon(Kind kind);
    bool isSummary() const
    {
        return m_kind == Kind::RunSucceeded || m_kind == Kind::RunFailed
            || m_kind == Kind::RunCancelled;
    }
    void setKind(Kind kind);
    QString title() const;
    void setTitle(const QString &title);
    // Plain text; empty hides the toggle.
    QString details() const;
    void setDetails(const QString &details);
    // A widget shown under the details while the row is expanded (the summary's chart); the
    // row takes it over. Null removes it.
    void setDetailsWidget(QWidget *widget);
    QWidget *detailsWidget() const { return m_detailsWidget; }
    // A link at the end of the title line; actionTriggered() when followed.
    void setAction(const QString &text);
    QString actionText() const;
    bool isExpanded() const;
    void setExpanded(bool expanded);
    // What the row says, title and details, for tests and accessibility.
    QString text() const;

Q_SIGNALS:
    void actionTriggered();

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QColor accent() const;
    void updateAccessibility();
    bool hasDetails() const;

    Kind m_kind;
    QToolButton *m_toggle = nullptr;
    QLabel *m_icon = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_action = nullptr;
    QLabel *m_details = nullptr;
    QWidget *m_detailsWidget = nullptr;
    bool m_expanded = false;
    QString m_actionText;
};

} // namespace Terrarium::Widgets
