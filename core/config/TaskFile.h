#pragma once

#include "core/Error.h"
#include "core/agent/RunbookStep.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace Terrarium::Core {

struct AppConfig;

// A run described by a file the user dropped on the window (or named on the command line).
//
// Formats, chosen by the file name's extension:
//  * .txt: the whole text, trimmed, is the goal.
//  * .md / .markdown: the text is the goal. A leading YAML front matter block (a first line
//    "---", closed by "---" or "...") may hold the keys of a .yaml task file; goal is then
//    optional there, and setting it both in the front matter and below it is an error.
//  * .yaml / .yml: a mapping with these keys, nothing else:
//        goal: "..."                      # required, non-empty
//        sandbox: podman | libvirt | host
//        image: "..."
//        network: none | outbound
//        limits: {cpus, memory_mib, pids, max_steps, max_replans, step_timeout}  # > 0; seconds
//        env: {NAME: scalar, ...}         # for every command in the sandbox
//        steps:                           # a runbook: the recorded commands, in order
//          - {title: "...", command: "...", exit_code: 0}   # title and command required;
//                                                           # exit_code 0-255, default 0
//
// A file with steps is a runbook (written by RunbookExporter, replayed by terrarium --replay
// or File > Replay...): its commands run as recorded, without a model. Run as an ordinary task
// file, only its goal and settings count.
//
// A file that breaks any rule yields an Error (code InvalidInput, or IoError when it cannot be
// read) whose message names the file and, where the problem sits on one, the line (and for
// YAML syntax errors the column). Nothing is partially applied: callers start no run then.
// Files are read whole and are limited to maxFileSize; parsing is synchronous and cheap.
struct TaskFile
{
    static constexpr qint64 maxFileSize = 1024 * 1024;

    QString goal;
    std::optional<QString> sandbox; // "podman" | "libvirt" | "host"
    std::optional<QString> image;
    std::optional<QString> network; // "none" | "outbound"
    std::optional<int> cpus;
    std::optional<int> memoryMiB;
    std::optional<int> pidsLimit;
    std::optional<int> maxSteps;
    std::optional<int> maxReplans;
    std::optional<std::chrono::seconds> stepTimeout;
    // For every command in the sandbox (AppConfig::environment -> SandboxSpec::environment).
    QMap<QString, QString> env;
    // The recorded commands of a runbook, in order; empty for an ordinary task file.
    QList<RunbookStep> steps;

    // One thing the file asks for beyond its goal, shown to the user before anything runs.
    struct Request
    {
        QString setting; // "sandbox", "network", "image", "env" or "limits"
        QString value; // for people: "host", "outbound", "CI=1, LANG=C.UTF-8", ...
        // Runs commands outside any sandbox or opens the network: needs an explicit yes.
        bool needsConsent = false;

        bool operator==(const Request &) const = default;
    };

    static Result<TaskFile> load(const QString &path);
    // Named as a task file of its own type (packaging's MIME type application/x-terrarium-task):
    // *.terrarium.yaml, *.terrarium.yml or *.terrarium.md, in any case.
    static bool hasTaskFileName(const QString &path);
    // fileName picks the format (by extension) and names the file in error messages.
    static Result<TaskFile> parse(const QByteArray &contents, const QString &fileName);
    // The file as .yaml text that parse() reads back to an equal TaskFile: every value in
    // double quotes with escapes, so commands keep their quotes, newlines, colons and
    // non-ASCII text. header: comment lines written first ("# " is added to each).
    QByteArray toYaml(const QStringList &header = {}) const;

    // Overrides the configuration for this one run with every value the file sets. A task file
    // describes its run, so it wins over the config file, the environment and the command line;
    // call it after ConfigLoader::load. env is merged into AppConfig::environment (a variable
    // the file sets replaces one of the same name); the goal is not part of AppConfig.
    void applyTo(AppConfig &config) const;

    // Everything the file sets besides the goal, in a fixed order.
    QList<Request> requests() const;
    // The settings ("sandbox", "network") that need the user's explicit consent: sandbox: host
    // and network: outbound. A file must never get those by being opened.
    QStringList consentsNeeded() const;
    // Why a run cannot start without consent for `missing` (from consentsNeeded()); for the
    // window, `how` says how to give it ("tick the box", "pass --yes").
    static QString consentMessage(const QStringList &missing, const QString &how);

    bool operator==(const TaskFile &) const = default;
};

} // namespace Terrarium::Core
