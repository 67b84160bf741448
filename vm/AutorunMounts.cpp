#include "AutorunMounts.h"

#include "core/workspace/AutorunPath.h"
#include "vm/VmLogging.h"

#include <QDir>
#include <QFile>

#include <sys/stat.h>

namespace Terrarium::Vm {

namespace {

enum class Kind { Missing, File, Directory, Other };

// Never follows a symlink: a link is Other.
Kind kindOf(const QString &path)
{
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return Kind::Missing;
    if (S_ISREG(st.st_mode))
        return Kind::File;
    if (S_ISDIR(st.st_mode))
        return Kind::Directory;
    return Kind::Other;
}

// A name --mount can carry: its value is split at commas, and a line break ends the argument.
bool mountable(const QString &path)
{
    return !path.contains(u',') && !path.contains(u'\n') && !path.contains(u'\r');
}

// How deep submodules' git directories are looked for below .git/modules (their names may hold
// slashes: modules/a/b/c is one submodule's).
constexpr int MaxModuleDepth = 8;

class Finder
{
public:
    explicit Finder(QString workspace)
        : m_root(std::move(workspace))
    { }

    void add(const QString &path, bool readOnly)
    {
        if (mountable(path))
            m_mounts.append({path, readOnly});
        else
            qCWarning(lcVm).noquote()
                << "cannot protect" << path << "in the container: its name cannot be mounted";
    }

    QString absolute(const QString &path) const { return m_root + u'/' + path; }

    // A git directory (the repository's, a submodule's or a worktree's): its settings, hooks and
    // info/ read-only.
    void gitDirectory(const QString &dir, bool makeMissing)
    {
        for (const char *name : {"config", "config.worktree", "commondir", "gitdir"}) {
            const QString path = dir + u'/' + QLatin1String(name);
            if (kindOf(absolute(path)) == Kind::File)
                add(path, true);
        }
        for (const char *name : {"hooks", "info"}) {
            const QString path = dir + u'/' + QLatin1String(name);
            Kind kind = kindOf(absolute(path));
            if (kind == Kind::Missing && makeMissing && QDir().mkdir(absolute(path)))
                kind = Kind::Directory;
            if (kind == Kind::Directory)
                add(path, true);
        }
    }

    void modules(const QString &dir, int depth)
    {
        if (depth > MaxModuleDepth)
            return;
        const QStringList names =
            QDir(absolute(dir)).entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
        for (const QString &name : names) {
            const QString path = dir + u'/' + name;
            if (kindOf(absolute(path)) != Kind::Directory)
                continue;
            if (kindOf(absolute(path + QStringLiteral("/HEAD"))) == Kind::File) {
                gitDirectory(path, true);
                if (kindOf(absolute(path + QStringLiteral("/modules"))) == Kind::Directory)
                    modules(path + QStringLiteral("/modules"), depth + 1);
            } else {
                modules(path, depth + 1); // a name with a slash
            }
        }
    }

    QList<AutorunMounts::Mount> run()
    {
        using namespace std::string_view_literals;
        for (const std::string_view candidate : Core::AutorunPath::topLevelCandidates()) {
            const QString name = QString::fromLatin1(candidate.data(), qsizetype(candidate.size()));
            const Kind kind = kindOf(absolute(name));
            if (kind == Kind::File) {
                add(name, true);
            } else if (kind == Kind::Directory && candidate == ".git"sv) {
                add(name, false);
                gitDirectory(name, true);
                const QString worktrees = name + QStringLiteral("/worktrees");
                if (kindOf(absolute(worktrees)) == Kind::Directory) {
                    for (const QString &tree :
                         QDir(absolute(worktrees))
                             .entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot)) {
                        if (kindOf(absolute(worktrees + u'/' + tree)) == Kind::Directory)
                            gitDirectory(worktrees + u'/' + tree, false);
                    }
                }
                if (kindOf(absolute(name + QStringLiteral("/modules"))) == Kind::Directory)
                    modules(name + QStringLiteral("/modules"), 0);
            } else if (kind == Kind::Directory && candidate == ".hg"sv) {
                add(name, false);
                if (kindOf(absolute(name + QStringLiteral("/hgrc"))) == Kind::File)
                    add(name + QStringLiteral("/hgrc"), true);
            } else if (kind == Kind::Directory) {
                add(name, true); // .vscode, .idea, .devcontainer, .husky: all of it
            }
        }
        return m_mounts;
    }

private:
    const QString m_root;
    QList<AutorunMounts::Mount> m_mounts;
};

} // namespace

QList<AutorunMounts::Mount> AutorunMounts::find(const QString &workspace)
{
    if (workspace.isEmpty() || kindOf(workspace) == Kind::Missing)
        return {};
    return Finder(QDir::cleanPath(workspace)).run();
}

} // namespace Terrarium::Vm
