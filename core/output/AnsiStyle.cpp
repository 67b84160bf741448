#include "AnsiStyle.h"

namespace Terrarium::Core {

namespace {

quint64 colorKey(const AnsiColor &color)
{
    return (quint64(color.kind) << 32)
        | (color.kind == AnsiColor::Kind::Rgb ? color.rgb : color.index);
}

} // namespace

size_t qHash(const AnsiStyle &style, size_t seed) noexcept
{
    const quint8 flags = quint8(style.bold) | quint8(style.faint) << 1 | quint8(style.italic) << 2
        | quint8(style.underline) << 3 | quint8(style.reverse) << 4 | quint8(style.strike) << 5;
    return qHashMulti(seed, colorKey(style.foreground), colorKey(style.background), flags);
}

} // namespace Terrarium::Core
