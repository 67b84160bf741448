#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace Terrarium::Widgets {

// The find bar under a terminal view (Ctrl+Shift+F): a search field, previous/next, match case,
// close. It only asks; TerminalView searches and tells it whether something was found.
// Enter finds the next match (upwards: older output), Shift+Enter the previous, Escape closes.
class TerminalSearchBar : public QWidget
{
    Q_OBJECT

public:
    explicit TerminalSearchBar(QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text);
    Qt::CaseSensitivity caseSensitivity() const;
    // Shows and focuses the field with its text selected.
    void activate();
    // "No matches" under the field, or nothing.
    void setFound(bool found);

    QLineEdit *field() const { return m_field; }

Q_SIGNALS:
    // Searched as typed, from where the last match was.
    void searchChanged(const QString &text, Qt::CaseSensitivity sensitivity);
    void findNextRequested(const QString &text, Qt::CaseSensitivity sensitivity);
    void findPreviousRequested(const QString &text, Qt::CaseSensitivity sensitivity);
    void closeRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLineEdit *m_field = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QCheckBox *m_matchCase = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_close = nullptr;
};

} // namespace Terrarium::Widgets
