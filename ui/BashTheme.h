#pragma once

#include "ui/BashTokenizer.h"

#include <QColor>
#include <QTextCharFormat>

#include <array>

class QPalette;

namespace Terrarium::Widgets {

// The colours of a highlighted command: the gray block behind it, its default text, and one
// character format per token kind. Chosen from the palette (a light or a dark set, by the
// lightness of QPalette::Base), then each colour is nudged until it reads at WCAG AA contrast
// (4.5:1) on the block, whatever the palette. A value; cheap to copy.
class BashTheme
{
public:
    static BashTheme forPalette(const QPalette &palette);

    bool isDark() const { return m_dark; }
    // The block's background: a gray derived from Base and Text (darker in dark palettes).
    QColor background() const { return m_background; }
    QColor foreground() const { return m_foreground; }
    QTextCharFormat format(BashTokenizer::Kind kind) const { return m_formats.at(int(kind)); }

private:
    BashTheme() = default;

    bool m_dark = false;
    QColor m_background;
    QColor m_foreground;
    std::array<QTextCharFormat, BashTokenizer::KindCount> m_formats;
};

} // namespace Terrarium::Widgets
