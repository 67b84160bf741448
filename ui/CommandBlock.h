#pragma once

#include <QFrame>

class QTextEdit;
class QTimer;
class QToolButton;

namespace Terrarium::Widgets {

class CommandHighlighter;

// A bash command shown as code: monospace, syntax-highlighted (CommandHighlighter), wrapped,
// selectable with mouse and keyboard, on a gray block derived from the palette (light gray on
// light palettes, dark gray on dark ones). A Copy button, and Ctrl+Shift+C while the block has
// focus, put the command on the clipboard. Tall commands scroll after maximumVisibleLines.
class CommandBlock : public QFrame
{
    Q_OBJECT

public:
    explicit CommandBlock(QWidget *parent = nullptr);
    ~CommandBlock() override;

    void setCommand(const QString &command);
    QString command() const { return m_command; }
    // Lines shown before the block scrolls (default 12).
    void setMaximumVisibleLines(int lines);
    CommandHighlighter *highlighter() const { return m_highlighter; }

    // Puts the command on the system clipboard (and the selection clipboard where there is one).
    void copyToClipboard();
    // Whether the block shows its own Copy button (default); a host that offers Copy elsewhere
    // hides it. Ctrl+Shift+C works either way.
    void setCopyButtonVisible(bool visible);

Q_SIGNALS:
    void copied();

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyTheme();
    void updateEditorHeight();

    QString m_command;
    int m_maximumVisibleLines = 12;
    QTextEdit *m_editor = nullptr;
    QToolButton *m_copyButton = nullptr;
    CommandHighlighter *m_highlighter = nullptr;
    QTimer *m_copiedFeedback = nullptr;
};

} // namespace Terrarium::Widgets
