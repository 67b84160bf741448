#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QFrame>

class QLabel;
class QProgressBar;

namespace Terrarium::Widgets {

// The first row of a run's timeline while its models and sandbox are made ready: what is being
// done ("Building the sandbox image…"), a bar with that phase's real percentage, and the last
// thing the setup said. Once the run starts it shrinks to one line saying how long it took.
class SetupProgressRow : public QFrame
{
    Q_OBJECT

public:
    explicit SetupProgressRow(QWidget *parent = nullptr);
    ~SetupProgressRow() override;

    // A setup_progress event: phase "models", "preflight", "image", "sandbox" or "workspace";
    // at: its time. How long the setup took is measured between the events' times, so that a
    // past run's row says what its live one said.
    void setProgress(const QString &phase, int percent, const QString &message,
                     const QDateTime &at = {});
    // The setup is over: ok (the run starts) or not (the reason is shown elsewhere).
    void finish(bool ok);
    // From the first progress to the last (the clock since the row was made, without times).
    qint64 elapsedMs() const;
    bool isFinished() const { return m_finished; }

    QString phase() const { return m_phase; }
    int percent() const;
    QString heading() const;
    QString message() const;

    // "Building the sandbox image", ... for a phase.
    static QString phaseText(const QString &phase);

private:
    QLabel *m_heading = nullptr;
    QProgressBar *m_bar = nullptr;
    QLabel *m_message = nullptr;
    QString m_phase;
    QElapsedTimer m_clock;
    QDateTime m_firstAt;
    QDateTime m_lastAt;
    bool m_finished = false;
};

} // namespace Terrarium::Widgets
