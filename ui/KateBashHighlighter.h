#pragma once

#include "ui/CommandHighlighter.h"
#include "ui/KateBashTokenizer.h"

namespace Terrarium::Widgets {

// CommandHighlighter on KSyntaxHighlighting's Bash definition (KateBashTokenizer), built where
// KF6 SyntaxHighlighting is found. Each block keeps the definition's state at its end; a block
// whose end state changed makes QSyntaxHighlighter go on to the next, so an open quote or
// here-document colours the lines after it.
class KateBashHighlighter : public CommandHighlighter
{
    Q_OBJECT

public:
    // Whether the Bash definition is installed (else create() takes BashHighlighter).
    static bool isAvailable();
    static QString engineName() { return KateBashTokenizer::engineName(); }

    KateBashHighlighter(const BashTheme &theme, QTextDocument *document);
    ~KateBashHighlighter() override;

    // Whether this one found the Bash definition.
    bool isValid() const { return m_tokenizer.isValid(); }

protected:
    void highlightBlock(const QString &text) override;

private:
    KateBashTokenizer m_tokenizer;
};

} // namespace Terrarium::Widgets
