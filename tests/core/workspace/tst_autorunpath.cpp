// Which workspace paths programs on the host run or obey by themselves: the one classification
// the agent's audit, the host's checks and the change set share.

#include "core/workspace/AutorunPath.h"

#include <QTest>

using namespace Terrarium::Core;
using Kind = AutorunPath::Kind;

Q_DECLARE_METATYPE(AutorunPath::Kind)

class tst_AutorunPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kinds_data();
    void kinds();
    void topLevelCandidatesCoverEveryTopLevelKind();
};

void tst_AutorunPath::kinds_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<Kind>("kind");
    const auto row = [](const char *path, Kind kind) {
        QTest::newRow(path) << QString::fromUtf8(path) << kind;
    };
    // git: settings, hooks (not samples), info/, and pointers to a git directory elsewhere.
    row(".git/config", Kind::GitSettings);
    row(".git/config.worktree", Kind::GitSettings);
    row(".git/hooks/post-checkout", Kind::GitHook);
    row(".git/hooks/pre-commit.sample", Kind::None);
    row(".git/hooks", Kind::GitHook); // a link or file where the folder belongs
    row(".git/hooks/sub/dir/tool", Kind::GitHook);
    row(".git/info/attributes", Kind::GitInfo);
    row(".git/info/sparse-checkout", Kind::GitInfo);
    row(".git", Kind::GitLink);
    row(".git/commondir", Kind::GitLink);
    row(".git/modules/lib/config", Kind::GitSettings);
    row(".git/modules/lib/hooks/pre-push", Kind::GitHook);
    row(".git/modules/a/b/config", Kind::GitSettings); // a submodule named a/b
    row(".git/worktrees/feature/config.worktree", Kind::GitSettings);
    row(".git/worktrees/feature/gitdir", Kind::GitLink);
    row("vendor/lib/.git/config", Kind::GitSettings);
    row("vendor/lib/.git/hooks/pre-commit", Kind::GitHook);
    // What git maintains itself and never runs.
    row(".git/HEAD", Kind::None);
    row(".git/index", Kind::None);
    row(".git/objects/ab/cdef0123", Kind::None);
    row(".git/objects/info/packs", Kind::None);
    row(".git/objects/info/alternates", Kind::None);
    row(".git/refs/heads/main", Kind::None);
    row(".git/logs/HEAD", Kind::None);
    row(".git/description", Kind::None);
    row(".gitattributes", Kind::None);
    row(".gitmodules", Kind::None);
    // Other tools.
    row(".envrc", Kind::Direnv);
    row("sub/.envrc", Kind::Direnv);
    row(".vscode/tasks.json", Kind::Editor);
    row(".vscode/launch.json", Kind::Editor);
    row(".vscode", Kind::Editor);
    row(".idea/runConfigurations/Test.xml", Kind::Editor);
    row(".devcontainer/devcontainer.json", Kind::Editor);
    row(".devcontainer.json", Kind::Editor);
    row(".husky/pre-commit", Kind::CommitHooks);
    row(".pre-commit-config.yaml", Kind::CommitHooks);
    row(".hg/hgrc", Kind::Mercurial);
    row(".hg/store/data/x.i", Kind::None);
    row(".bashrc", Kind::ShellStartup);
    row("home/user/.zshenv", Kind::ShellStartup);
    row(".profile", Kind::ShellStartup);
    // Ordinary files, also with names close to the above.
    row("README.md", Kind::None);
    row("src/config", Kind::None);
    row("src/hooks/useThing.js", Kind::None);
    row("docs/info/index.md", Kind::None);
    row(".env", Kind::None);
    row("Makefile", Kind::None);
    row("package.json", Kind::None);
    row("git/config", Kind::None);
    row(".github/workflows/ci.yml", Kind::None);
}

void tst_AutorunPath::kinds()
{
    QFETCH(QString, path);
    QFETCH(Kind, kind);
    QCOMPARE(AutorunPath::kind(path.toStdString()), kind);
    QCOMPARE(AutorunPath::isAutorun(path.toStdString()), kind != Kind::None);
}

void tst_AutorunPath::topLevelCandidatesCoverEveryTopLevelKind()
{
    // A check that looks at the candidates directly must not miss a top-level name that kind()
    // flags (or flags paths below): each of these is one.
    QStringList names;
    for (const std::string_view name : AutorunPath::topLevelCandidates())
        names.append(QString::fromLatin1(name.data(), qsizetype(name.size())));
    for (const char *flagged :
         {".git", ".hg", ".husky", ".vscode", ".idea", ".devcontainer", ".envrc",
          ".pre-commit-config.yaml", ".devcontainer.json", ".bashrc", ".bash_profile",
          ".bash_login", ".bash_logout", ".profile", ".zshenv", ".zprofile", ".zshrc", ".zlogin",
          ".zlogout"}) {
        QVERIFY2(names.contains(QLatin1String(flagged)), flagged);
        const std::string below = std::string(flagged) + "/config";
        QVERIFY2(AutorunPath::isAutorun(flagged) || AutorunPath::isAutorun(below)
                     || AutorunPath::isAutorun(std::string(flagged) + "/hgrc"),
                 flagged);
    }
    QCOMPARE(names.size(), 19);
}

QTEST_GUILESS_MAIN(tst_AutorunPath)
#include "tst_autorunpath.moc"
