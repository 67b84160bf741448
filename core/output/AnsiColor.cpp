#include "AnsiColor.h"

#include <array>

namespace Terrarium::Core {

quint32 AnsiColor::standardRgb(quint8 index)
{
    // xterm's 16 base colours (XTerm-col.ad): the reference most programs were tuned against.
    static constexpr std::array<quint32, 16> Base = {
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    };
    if (index < 16)
        return Base[index];
    if (index < 232) {
        // 6x6x6 cube; each step is 0 or 55 + 40 * n, as in xterm's 256colres.pl.
        const int cube = index - 16;
        const auto level = [](int n) {
            return quint32(n == 0 ? 0 : 55 + 40 * n);
        };
        return (level(cube / 36) << 16) | (level(cube / 6 % 6) << 8) | level(cube % 6);
    }
    const quint32 grey = 8 + 10 * quint32(index - 232);
    return (grey << 16) | (grey << 8) | grey;
}

} // namespace Terrarium::Core
