#pragma once

#include <QIcon>

namespace Terrarium::App {

// Terrarium's icon at every size it is drawn in (16 to 256 pixels), from the application's
// resources (resources/terrarium.qrc), so that the window and its dialogs show it whether or
// not the icon is installed in the desktop's theme.
QIcon applicationIcon();

} // namespace Terrarium::App
