#pragma once

#include <QtGlobal>

namespace Terrarium::Core {

// A colour as a program asked for it through SGR. Indexed colours are kept as indices rather than
// resolved here: the 16 base colours (0-7 normal, 8-15 bright) are a theme's choice, and only the
// view knows whether it draws on a light or a dark background, so it maps them through a palette
// readable on its own background. standardRgb() gives xterm's values for all 256 indices; 16-255
// (a 6x6x6 cube and a grey ramp) are the same in every terminal, so views use those as they are.
struct AnsiColor
{
    enum class Kind : quint8 { Default, Indexed, Rgb };

    Kind kind = Kind::Default;
    quint8 index = 0; // Kind::Indexed: 0-255
    quint32 rgb = 0; // Kind::Rgb: 0xRRGGBB

    static constexpr AnsiColor indexed(quint8 index) { return {Kind::Indexed, index, 0}; }
    static constexpr AnsiColor fromRgb(quint8 red, quint8 green, quint8 blue)
    {
        return {Kind::Rgb, 0, (quint32(red) << 16) | (quint32(green) << 8) | quint32(blue)};
    }

    bool isDefault() const { return kind == Kind::Default; }
    friend bool operator==(const AnsiColor &, const AnsiColor &) = default;

    // xterm's default palette as 0xRRGGBB.
    static quint32 standardRgb(quint8 index);
};

} // namespace Terrarium::Core
