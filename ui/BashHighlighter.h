#pragma once

#include "ui/BashTokenizer.h"
#include "ui/CommandHighlighter.h"

#include <QList>

namespace Terrarium::Widgets {

// Colours bash in a QTextDocument: BashTokenizer reads each block (line), BashTheme says how
// each token kind looks. The tokenizer's end-of-line state is what a block hands to the next,
// so quotes, $( ) and here-documents spanning lines are coloured as bash reads them.
//
// Block states are indices into a table of the distinct tokenizer states seen; equal states
// share an index, so QSyntaxHighlighter stops re-highlighting exactly when the following
// lines would not change. The table grows with the number of distinct states (small for
// commands; meant for read-only or lightly edited documents).
class BashHighlighter : public CommandHighlighter
{
    Q_OBJECT

public:
    // Themed for the application palette as it is now; call setTheme() when it changes.
    explicit BashHighlighter(QTextDocument *document);
    BashHighlighter(const BashTheme &theme, QTextDocument *document);
    ~BashHighlighter() override;

protected:
    void highlightBlock(const QString &text) override;

private:
    int stateIndex(const BashTokenizer::State &state);

    QList<BashTokenizer::State> m_states;
};

} // namespace Terrarium::Widgets
