#pragma once

#include "ui/BashTheme.h"

#include <QSyntaxHighlighter>

namespace Terrarium::Widgets {

// Colours the bash of a command in a QTextDocument with a BashTheme, which follows the palette
// (light or dark). Two engines read the bash: KSyntaxHighlighting's Bash definition, where
// KF6 SyntaxHighlighting was found at build time (KateBashHighlighter), and Terrarium's own
// tokenizer everywhere (BashHighlighter). Both mark token kinds of BashTokenizer, so a command
// looks the same whichever reads it; create() takes the first.
class CommandHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    // The engine this build prefers, themed for theme.
    static CommandHighlighter *create(const BashTheme &theme, QTextDocument *document);
    // What create() uses, for `terrarium --version`: "KSyntaxHighlighting 6.13 (Bash)" or
    // "Terrarium's bash tokenizer".
    static QString engineName();

    ~CommandHighlighter() override;

    const BashTheme &theme() const { return m_theme; }
    // Recolours the whole document (the palette changed, say).
    void setTheme(const BashTheme &theme);

protected:
    CommandHighlighter(const BashTheme &theme, QTextDocument *document);

    BashTheme m_theme;
};

} // namespace Terrarium::Widgets
