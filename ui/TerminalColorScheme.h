#pragma once

#include "core/terminal/TerminalTypes.h"

#include <QColor>
#include <QHash>

#include <array>

class QPalette;

namespace Terrarium::Widgets {

// The colours of a terminal view: default foreground and background, cursor, selection, search
// matches and the 256 indexed colours (16 base colours from a light or a dark set, the xterm
// 6x6x6 cube and grey ramp), plus the mapping of Core::TerminalColor to QColor with a minimum
// contrast against the cell's background. A value type, cheap to copy; the contrast cache is per
// copy.
class TerminalColorScheme
{
public:
    // Light or dark, by how dark palette's Base is, with the palette's Base and Text as the
    // default background and foreground (what the view uses unless told otherwise).
    static TerminalColorScheme forPalette(const QPalette &palette);
    static TerminalColorScheme dark();
    static TerminalColorScheme light();

    bool isDark() const { return m_dark; }
    QColor foreground() const { return m_foreground; }
    QColor background() const { return m_background; }
    QColor cursor() const { return m_cursor; }
    QColor selectionBackground() const { return m_selectionBackground; }
    QColor selectionForeground() const { return m_selectionForeground; }
    QColor matchBackground() const { return m_matchBackground; }
    QColor currentMatchBackground() const { return m_currentMatchBackground; }
    // 0..255; out of range gives the default foreground.
    QColor indexed(int index) const;

    void setForeground(const QColor &color);
    void setBackground(const QColor &color);
    void setIndexed(int index, const QColor &color);

    // The colour a cell's attribute asks for; Default is the scheme's foreground or background.
    QRgb resolve(const Core::TerminalColor &color, bool isForeground) const;
    // foreground made readable on background: indexed colours get WCAG AA (4.5), exact RGB
    // requests only enough not to vanish (2.0); identical colours stay identical (hidden on
    // purpose). Cached, so cheap per text run.
    QRgb readable(QRgb foreground, QRgb background, bool exactRequest) const;

    bool operator==(const TerminalColorScheme &other) const;

private:
    TerminalColorScheme(bool dark, QRgb foreground, QRgb background);

    bool m_dark = true;
    QColor m_foreground;
    QColor m_background;
    QColor m_cursor;
    QColor m_selectionBackground;
    QColor m_selectionForeground;
    QColor m_matchBackground;
    QColor m_currentMatchBackground;
    std::array<QRgb, 256> m_indexed{};
    mutable QHash<quint64, QRgb> m_readable;
};

} // namespace Terrarium::Widgets
