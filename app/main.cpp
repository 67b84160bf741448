#include "ui/MainWindow.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("terrarium"));
    QApplication::setApplicationVersion(QStringLiteral(TERRARIUM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral(TERRARIUM_APP_ID));
    Terrarium::Widgets::MainWindow window;
    window.show();
    return app.exec();
}
