#pragma once

#include "core/safety/ApprovalDecision.h"
#include "core/safety/ApprovalPolicy.h"
#include "core/safety/SafetyAssessment.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <memory>

namespace Terrarium::Core {

class WrittenFiles;

// Decides whether a command runs, is denied, or needs the user's approval, from the safety
// rules, the approval policy and the user's earlier answers.
//
// Remembered commands are matched exactly after spaces and tabs outside quotes are collapsed,
// so "rm  -rf build" matches "rm -rf build" but not "rm -rf build2" or 'echo "a  b"' /
// 'echo "a b"'. A command of several lines (a runbook's) is matched on its exact text: one
// that reads the same once its newlines are folded is another command.
// Under the safe policy risky commands are denied even when remembered: that policy never
// runs anything the rules flag.
//
// The gate also remembers the files the run wrote: what the text of each command that ran
// shows it writes (redirections, tee, cp/mv/ln/install/rsync, sed -i, dd, touch, chmod +x,
// curl -o, archives unpacked, inline code's open(..., 'w')), and what the sandbox reported
// after a step. Running one of them (sh x, ./x, python3 x, source x, bash < x, cat x | sh,
// make with a written Makefile, python with written modules beside it, git with written
// hooks, ...) is rated "runs code this run wrote" (medium, rule runs-written-code); what the
// command that wrote it put there is rated as well. An approval of such a command holds only
// while none of those files is written again; one remembered from the config file never
// covers it.
class SafetyGate : public QObject
{
    Q_OBJECT

public:
    enum class Verdict { Run, Ask, Deny };

    // A file of this run that a command runs as code.
    struct WrittenFile
    {
        QString path; // absolute, as the sandbox sees it
        // The step that wrote it last (its command, or its audit); 0 when the host saw it
        // change during the run without knowing which step changed it.
        int stepId = 0;
        // What that step's command wrote into it, when its text showed all of it; null
        // otherwise.
        QString writtenText;
    };

    struct Check
    {
        Verdict verdict = Verdict::Run;
        // Always filled in, whatever the verdict.
        SafetyAssessment assessment;
        // The files of this run the command runs (rule runs-written-code), at most a few.
        QList<WrittenFile> writtenFiles;
    };

    // alwaysAllowed: commands the user allowed "always" before (from the config file).
    explicit SafetyGate(ApprovalPolicy policy, const QStringList &alwaysAllowed,
                        QObject *parent = nullptr);
    ~SafetyGate() override;

    Check check(const QString &command) const;

    // A new run in workingDirectory (where its commands start, as the sandbox sees it): the
    // files the last one wrote, and the approvals tied to them, are forgotten.
    void beginRun(const QString &workingDirectory);
    // The command of step stepId is about to run: what its text writes is remembered.
    void noteCommand(int stepId, const QString &command);
    // Files the sandbox reported after step stepId (its workspace audit), absolute or relative
    // to the working directory. They are added; a report never takes a file away.
    void noteReportedFiles(int stepId, const QStringList &paths);
    // Where the host sees the sandbox's files itself: below sandboxFolder (as the sandbox sees
    // it) is hostFolder on the host; "/" and "/" for the host sandbox. A file a command runs
    // that changed there since beginRun() (its change time, which no program can set back)
    // counts as written by the run, whatever wrote it. Not set: the host cannot look (a VM, a
    // copied workspace).
    void setHostView(const QString &sandboxFolder, const QString &hostFolder);
    // Records the user's answer for command. Session and Always remember it (Always also emits
    // alwaysAllowedChanged when the list grows); Once and Deny remember nothing.
    void recordDecision(const QString &command, ApprovalDecision decision);

    ApprovalPolicy policy() const { return m_policy; }
    // The remembered-forever commands, normalised, in the order they were added.
    QStringList alwaysAllowed() const { return m_alwaysAllowed; }

    // Whitespace outside quotes collapsed to single spaces, ends trimmed.
    static QString normalizeCommand(const QString &command);

Q_SIGNALS:
    // The whole new list; the app writes it to the config file.
    void alwaysAllowedChanged(const QStringList &commands);

private:
    bool isRemembered(const QString &normalized) const;
    // The writes a check of command saw (serials), to tie an approval to; empty when it runs
    // no file of this run.
    QList<quint64> writesSeenBy(const QString &command) const;
    Check assess(const QString &command, QList<quint64> *writesSeen) const;

    ApprovalPolicy m_policy;
    QStringList m_alwaysAllowed;
    QSet<QString> m_sessionAllowed;
    // The host path of a sandbox path, where the host can look; empty otherwise.
    QString hostPath(const QString &sandboxPath) const;
    // Nanoseconds since the epoch of the last change of the host's file at hostPath (of the
    // link or what it points to), or 0.
    static qint64 changeTime(const QString &hostPath);

    QString m_workingDirectory;
    QString m_hostSandboxFolder;
    QString m_hostFolder;
    qint64 m_runStartNs = 0;
    std::unique_ptr<WrittenFiles> m_written;
    // Approvals (session or always, this run) of commands that run files of this run: the
    // writes they saw.
    QHash<QString, QList<quint64>> m_writtenApprovals;
};

} // namespace Terrarium::Core
