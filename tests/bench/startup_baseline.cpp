// The baseline for bench_startup: the smallest Qt Widgets program with a main window, started
// and measured exactly like Terrarium.
#include <QApplication>
#include <QLabel>
#include <QMainWindow>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Startup Baseline"));
    window.setCentralWidget(new QLabel(QStringLiteral("baseline"), &window));
    window.resize(1180, 780);
    window.show();
    return app.exec();
}
