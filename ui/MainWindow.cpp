#include "MainWindow.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Terrarium"));

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);

    auto *prompt = new QLabel(tr("What should the agent do?"), central);
    m_goalEdit = new QPlainTextEdit(central);
    m_goalEdit->setPlaceholderText(tr("Describe a goal, e.g. \"run the test suite and fix what fails\""));
    prompt->setBuddy(m_goalEdit);

    m_runButton = new QPushButton(tr("&Run"), central);
    m_runButton->setToolTip(tr("Start a run (Ctrl+Enter)"));

    layout->addWidget(prompt);
    layout->addWidget(m_goalEdit, 1);
    layout->addWidget(m_runButton, 0, Qt::AlignRight);
    setCentralWidget(central);

    auto emitRun = [this] {
        const QString goal = m_goalEdit->toPlainText().trimmed();
        if (!goal.isEmpty())
            Q_EMIT runRequested(goal);
    };
    connect(m_runButton, &QPushButton::clicked, this, emitRun);
    auto *runShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(runShortcut, &QShortcut::activated, this, emitRun);

    resize(900, 640);
}

MainWindow::~MainWindow() = default;

} // namespace Terrarium::Widgets
