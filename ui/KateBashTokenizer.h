#pragma once

#include "ui/BashTokenizer.h"

#include <QList>
#include <QStringView>

#include <memory>

namespace KSyntaxHighlighting {
class State;
}

namespace Terrarium::Widgets {

// Reads bash with KSyntaxHighlighting's Bash definition (KF6 SyntaxHighlighting, where found at
// build time) and says what it found in BashTokenizer's terms, (start, length, kind) per token,
// so that either engine colours a command with the same BashTheme. The definition names more
// than the tokenizer does (command names, options, globs, paths): those stay plain here, as
// they do there.
//
// The definitions are loaded once and shared by every KateBashTokenizer alive (about 12 ms and
// a few megabytes each time otherwise, for every command card of a run).
class KateBashTokenizer
{
public:
    KateBashTokenizer();
    ~KateBashTokenizer();
    KateBashTokenizer(const KateBashTokenizer &) = delete;
    KateBashTokenizer &operator=(const KateBashTokenizer &) = delete;

    // Whether the Bash definition was found (a trimmed installation may lack it).
    bool isValid() const;
    // "KSyntaxHighlighting 6.13 (Bash)"
    static QString engineName();

    // One line (without its newline), continuing from *state, which is updated to the state at
    // its end. Offsets are relative to the line.
    QList<BashTokenizer::Token> tokenizeLine(QStringView line, KSyntaxHighlighting::State *state);
    // A whole script ('\n'-separated lines); offsets are relative to text.
    QList<BashTokenizer::Token> tokenize(QStringView text);

private:
    class Reader;
    std::unique_ptr<Reader> m_reader;
};

} // namespace Terrarium::Widgets
