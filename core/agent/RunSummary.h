#pragma once

#include "core/agent/PlanStep.h"
#include "core/agent/RunEvent.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

namespace Terrarium::Core {

// What a run amounted to, from its events alone (live as they come, or read back from the run
// store): steps and how they ended, re-plans, approvals asked, where the time went and the
// tokens each model role used. Cheap: a few counters and one entry per step; of step_output
// events only the time is looked at (a step cut off by a crash ran until its last output).
//
// The time split comes from event timestamps: setup is the first event to the setup's last
// progress (and a resumed run's setup, its first progress to its last); commands are each step's
// step_executing to its step_result; waiting is an approval's question to the step's next event;
// the model is the rest (planning, translating steps, re-planning), less the time a resumed run's
// process was gone.
class RunSummary
{
public:
    struct StepTime
    {
        int stepId = 0;
        QString title;
        qint64 durationMs = 0;
        StepState state = StepState::Done;
    };
    // One model role's use: its requests, their tokens (cached: of input, from the provider's
    // prompt cache), the time spent waiting for answers, and what it cost: known only when every
    // request was priced (PriceTable).
    struct Tokens
    {
        int requests = 0;
        qint64 input = 0;
        qint64 cached = 0;
        qint64 output = 0;
        qint64 waitMs = 0;
        double costUsd = 0;
        bool costKnown = true;
    };

    void add(const RunEvent &event);
    void clear() { *this = RunSummary(); }

    // Steps whose command ran (or was refused), in the order they started.
    const QList<StepTime> &steps() const { return m_steps; }
    int stepsDone() const;
    int stepsNotDone() const;
    int replans() const { return m_replans; }
    int approvalsAsked() const { return m_approvals; }
    int retries() const { return m_retries; }
    // "success", "failed", "cancelled"; empty until workflow_complete.
    QString status() const { return m_status; }
    QString error() const { return m_error; }

    qint64 totalMs() const;
    qint64 setupMs() const { return m_setupMs; }
    qint64 commandMs() const { return m_commandMs; }
    qint64 waitingMs() const { return m_waitingMs; }
    // A resumed run: from the earlier process's last event to the resume (nothing ran).
    qint64 goneMs() const { return m_goneMs; }
    // What is left: planning, translating steps, re-planning, retries.
    qint64 modelMs() const;

    // By role ("planner", "executor"), from usage events.
    const QMap<QString, Tokens> &tokens() const { return m_tokens; }
    qint64 inputTokens() const;
    qint64 outputTokens() const;
    // The model use by role as one line for people ("planner: 2 requests, ...; executor: ..."),
    // empty without usage events.
    QString modelUseText() const;

private:
    StepTime *step(int stepId);
    // Closes an approval's wait at time.
    void endWait(const QDateTime &time);
    // The steps still running ended at until, without a result (the run ended, or the process
    // did): cancelled, having run until then.
    void interruptRunningSteps(const QDateTime &until);

    QList<StepTime> m_steps;
    QMap<int, QDateTime> m_started; // step_executing of steps still running
    QMap<QString, Tokens> m_tokens;
    QDateTime m_first;
    QDateTime m_last;
    QDateTime m_waitingSince;
    QDateTime m_setupStart; // the setup under way: its first event
    qint64 m_setupDoneMs = 0; // earlier setups (before a resume)
    qint64 m_goneMs = 0;
    bool m_ranSinceSetup = false; // an event other than setup progress since the last setup
    int m_replans = 0;
    int m_approvals = 0;
    int m_retries = 0;
    qint64 m_setupMs = 0;
    qint64 m_commandMs = 0;
    qint64 m_waitingMs = 0;
    QString m_status;
    QString m_error;
};

} // namespace Terrarium::Core
