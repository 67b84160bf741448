#pragma once

#include <QMainWindow>

class QPlainTextEdit;
class QPushButton;

namespace Terrarium::Widgets {

// The desktop window. It only renders state and forwards intent; the run itself lives in core.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

Q_SIGNALS:
    void runRequested(const QString &goal);

private:
    QPlainTextEdit *m_goalEdit = nullptr;
    QPushButton *m_runButton = nullptr;
};

} // namespace Terrarium::Widgets
