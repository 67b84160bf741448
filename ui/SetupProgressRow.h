#pragma once

#include <QDateTime>
#include <QElapsedTimer>
#include <QFrame>
#include <QStringList>

class QLabel;
class QTimer;
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
    // A note on the sandbox host, shown whole under the bar, and kept once the row shrinks.
    void addNote(const QString &note);
    QStringList notes() const { return m_notes; }
    // The row of a run going on now, from its first moment: the heading counts the seconds,
    // and a stage that says nothing for a while is said to be still at work (past runs' rows
    // are rebuilt from their events and do neither).
    void setLive(bool live);
    // What the row says about a stage quiet for a while, empty when none.
    QString quietText() const;
    // The live clock's tick (also what the timer calls).
    void tick();
    // How long a stage may say nothing before the row says it is still at work (10 s).
    void setQuietAfterMs(qint64 ms) { m_quietAfterMs = ms; }
    // The setup is over: ok (the run starts) or not (the reason is shown elsewhere); at: the
    // time of the event that ended it, which a setup that failed ran until.
    void finish(bool ok, const QDateTime &at = {});
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
    QLabel *m_quiet = nullptr;
    QLabel *m_notesLabel = nullptr;
    QStringList m_notes;
    QTimer *m_ticker = nullptr;
    QElapsedTimer m_sinceNews; // since the last progress event (live rows)
    qint64 m_quietAfterMs = 10000;
    bool m_finished = false;
};

} // namespace Terrarium::Widgets
