#include "MountedWorkspaceCheck.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"
#include "vm/guest/WorkspaceAudit.h"

#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace Terrarium::Vm {

namespace {

// How many paths a finding names before it only counts the rest.
constexpr qsizetype NamedPaths = 20;

QString named(const std::vector<std::string> &paths)
{
    QStringList names;
    for (size_t i = 0; i < paths.size() && qsizetype(i) < NamedPaths; ++i)
        names.append(QString::fromStdString(paths[i]));
    QString text = names.join(QStringLiteral(", "));
    if (qsizetype(paths.size()) > NamedPaths)
        text += Core::Tr::tr(" and %n more", nullptr, int(qsizetype(paths.size()) - NamedPaths));
    return text;
}

} // namespace

MountedWorkspaceCheck::MountedWorkspaceCheck(QString folder, timespec since, QObject *parent)
    : QObject(parent)
    , m_folder(std::move(folder))
    , m_since(since)
{ }

MountedWorkspaceCheck::~MountedWorkspaceCheck()
{
    // The walk holds nothing of ours but the result it writes: let it end first.
    if (m_watcher)
        m_watcher->waitForFinished();
}

void MountedWorkspaceCheck::start()
{
    if (m_watcher)
        return;
    auto found = std::make_shared<Guest::WorkspaceAuditResult>();
    m_watcher = new QFutureWatcher<void>(this);
    connect(m_watcher, &QFutureWatcher<void>::finished, this, [this, found] {
        m_findings = describe(m_folder, *found);
        for (const std::string &path : found->autorunChanged)
            m_autorunChanged.append(QString::fromStdString(path));
        if (found->error.empty() && !found->truncated)
            m_lastChanged = QDateTime::fromMSecsSinceEpoch(qint64(found->latestChange.tv_sec) * 1000
                                                           + found->latestChange.tv_nsec / 1000000);
        if (!m_findings.isEmpty())
            qCDebug(lcVm).noquote() << "check of" << m_folder << ":" << m_findings.join(u' ');
        Q_EMIT finished();
    });
    const std::string folder = QFile::encodeName(m_folder).toStdString();
    const timespec since = m_since;
    m_watcher->setFuture(QtConcurrent::run(
        [folder, since, found] { *found = Guest::WorkspaceAudit::run(folder, since); }));
}

QStringList MountedWorkspaceCheck::describe(const QString &folder,
                                            const Guest::WorkspaceAuditResult &found)
{
    QStringList findings;
    if (!found.error.empty()) {
        findings.append(Core::Tr::tr("The check of %1 after the run could not be made: %2")
                            .arg(folder, QString::fromStdString(found.error)));
        return findings;
    }
    if (!found.autorunChanged.empty())
        findings.append(Core::Tr::tr("During the run, the sandbox created or changed files in %1 "
                                     "that programs on this machine run or obey by themselves "
                                     "(git hooks and settings, .envrc, editor tasks): %2. Check "
                                     "them before you run git or open the folder in an editor.")
                            .arg(folder, named(found.autorunChanged)));
    if (!found.setidCleared.empty())
        findings.append(Core::Tr::tr("Set-user-ID or set-group-ID bits that appeared in %1 were "
                                     "removed from: %2")
                            .arg(folder, named(found.setidCleared)));
    if (!found.setidFailed.empty())
        findings.append(Core::Tr::tr("These files in %1 have set-user-ID or set-group-ID bits "
                                     "that could not be removed; do not run them: %2")
                            .arg(folder, named(found.setidFailed)));
    if (found.truncated)
        findings.append(Core::Tr::tr("The check of %1 after the run could not look at all of it "
                                     "(too many files or levels, or unreadable parts): what it "
                                     "did not reach was not checked.")
                            .arg(folder));
    return findings;
}

} // namespace Terrarium::Vm
