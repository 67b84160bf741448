#include "AppIcon.h"

#include <array>

// Outside any namespace, as Q_INIT_RESOURCE requires: the resources are in a static library,
// whose object file the linker would drop unless something refers to it.
static void initIconResources()
{
    Q_INIT_RESOURCE(terrarium);
}

namespace Terrarium::App {

QIcon applicationIcon()
{
    initIconResources();
    QIcon icon;
    for (const int size : std::array{16, 22, 24, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/icons/%1x%1/" TERRARIUM_APP_ID ".png").arg(size),
                     QSize(size, size));
    return icon;
}

} // namespace Terrarium::App
