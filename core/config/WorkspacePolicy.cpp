#include "WorkspacePolicy.h"

#include "core/CoreTr.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

// The system's own folders: never a workspace, nor anything below them.
const QStringList systemFolders = {
    QStringLiteral("/bin"),   QStringLiteral("/boot"),   QStringLiteral("/dev"),
    QStringLiteral("/etc"),   QStringLiteral("/lib"),    QStringLiteral("/lib32"),
    QStringLiteral("/lib64"), QStringLiteral("/libx32"), QStringLiteral("/proc"),
    QStringLiteral("/sbin"),  QStringLiteral("/sys"),    QStringLiteral("/usr"),
};

bool isSameOrBelow(const QString &path, const QString &folder)
{
    return path == folder || path.startsWith(folder + u'/');
}

QString canonicalOrClean(const QString &path)
{
    const QString canonical = QFileInfo(path).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QDir(path).absolutePath()) : canonical;
}

} // namespace

WorkspacePolicy::WorkspacePolicy(const QString &homePath)
    : m_home(canonicalOrClean(homePath))
{ }

QStringList WorkspacePolicy::protectedHomeFolders()
{
    // Shell and desktop configuration (Terrarium's own included), credentials, and programs
    // the user runs from ~/.local/bin.
    return {QStringLiteral(".config"), QStringLiteral(".local"),
            QStringLiteral(".ssh"),    QStringLiteral(".gnupg"),
            QStringLiteral(".aws"),    QStringLiteral(".kube"),
            QStringLiteral(".docker"), QStringLiteral(".password-store"),
            QStringLiteral(".pki")};
}

Result<QString> WorkspacePolicy::check(const QString &path) const
{
    if (path.trimmed().isEmpty())
        return makeError(ErrorCode::InvalidInput, Tr::tr("No workspace folder was given."));
    const QFileInfo info(QDir::cleanPath(path));
    if (!info.exists())
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The workspace folder %1 does not exist.").arg(path));
    if (!info.isDir())
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The workspace %1 is a file, not a folder; choose the folder "
                                "that holds it.")
                             .arg(path));
    // Symbolic links are resolved first, so a link to the home folder is the home folder.
    const QString canonical = info.canonicalFilePath();
    const QString shown = QDir::toNativeSeparators(canonical);
    const QString advice =
        Tr::tr("Commands can change everything in their workspace; choose a project folder, or "
               "leave the workspace empty to get a new folder under %1.")
            .arg(QDir::toNativeSeparators(runFolderRoot()));
    if (canonical == QLatin1String("/"))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("The root folder / cannot be a workspace. %1").arg(advice));
    if (canonical == m_home)
        return makeError(
            ErrorCode::InvalidInput,
            Tr::tr("Your home folder %1 cannot be a workspace. %2").arg(shown, advice));
    if (isSameOrBelow(m_home, canonical))
        return makeError(ErrorCode::InvalidInput,
                         Tr::tr("%1 contains your home folder, so it cannot be a workspace. %2")
                             .arg(shown, advice));
    for (const QString &folder : protectedHomeFolders()) {
        const QString guarded = m_home + u'/' + folder;
        if (isSameOrBelow(canonical, guarded))
            return makeError(ErrorCode::InvalidInput,
                             Tr::tr("%1 is inside ~/%2, which holds your settings or "
                                    "credentials, so it cannot be a workspace. %3")
                                 .arg(shown, folder, advice));
    }
    for (const QString &folder : systemFolders) {
        if (isSameOrBelow(canonical, folder))
            return makeError(ErrorCode::InvalidInput,
                             Tr::tr("%1 is a system folder, so it cannot be a workspace. %2")
                                 .arg(shown, advice));
    }
    return canonical;
}

QString WorkspacePolicy::runFolderRoot() const
{
    return m_home + QStringLiteral("/Terrarium");
}

QString WorkspacePolicy::runFolderName(const QString &goal, const QDateTime &startedAt)
{
    static const QRegularExpression notWordy(QStringLiteral("[^a-z0-9]+"));
    QString slug = goal.toLower();
    slug.replace(notWordy, QStringLiteral("-"));
    QStringList words = slug.split(u'-', Qt::SkipEmptyParts).mid(0, 6);
    slug = words.join(u'-').left(48);
    while (slug.endsWith(u'-'))
        slug.chop(1);
    const QString stamp = startedAt.toString(QStringLiteral("yyyy-MM-dd-HHmm"));
    return slug.isEmpty() ? stamp : stamp + u'-' + slug;
}

Result<QString> WorkspacePolicy::createRunFolder(const QString &name) const
{
    QString safeName = name;
    safeName.replace(u'/', u'-');
    if (safeName.isEmpty() || safeName.startsWith(u'.'))
        safeName.prepend(QStringLiteral("run"));
    const QString root = runFolderRoot();
    if (!QDir().mkpath(root))
        return makeError(ErrorCode::IoError,
                         Tr::tr("Cannot create the folder %1 for run workspaces.")
                             .arg(QDir::toNativeSeparators(root)));
    QDir parent(root);
    QString candidate = safeName;
    for (int attempt = 2; attempt < 1000; ++attempt) {
        // mkdir fails when the folder exists, so two runs never share one.
        if (parent.mkdir(candidate)) {
            const QString created = QFileInfo(parent.filePath(candidate)).canonicalFilePath();
            // ~/Terrarium itself might be a link somewhere refused; the check says so.
            return check(created);
        }
        if (!parent.exists(candidate))
            break;
        candidate = QStringLiteral("%1-%2").arg(safeName).arg(attempt);
    }
    return makeError(
        ErrorCode::IoError,
        Tr::tr("Cannot create a workspace folder in %1.").arg(QDir::toNativeSeparators(root)));
}

} // namespace Terrarium::Core
