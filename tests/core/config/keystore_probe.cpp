// Helper for tst_core_keystore: uses a KeyStore in a fresh process, so that a test can give it
// an environment without a keyring (QtKeychain and libsecret pick their backend and bus once
// per process). Writes, reads and removes an entry and prints one line per answer:
//     <write|read|remove> <ok|error code name> <message or key>
#include "core/config/KeyStore.h"

#include <QCoreApplication>
#include <QTextStream>
#include <QTimer>

using namespace Terrarium::Core;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    KeyStore store;
    int pending = 3;
    QStringList writeOperations = {QStringLiteral("write"), QStringLiteral("remove")};

    const auto report = [&](const QString &operation, const QString &outcome) {
        out << operation << ' ' << outcome << '\n';
        out.flush();
        if (--pending == 0)
            app.quit();
    };
    QObject::connect(
        &store, &KeyStore::writeFinished, &app, [&](LlmRole, const Result<void> &result) {
            report(writeOperations.takeFirst(),
                   result ? QStringLiteral("ok")
                          : Error::codeName(result.error().code) + u' ' + result.error().message);
        });
    QObject::connect(
        &store, &KeyStore::readFinished, &app, [&](LlmRole, const Result<QString> &key) {
            report(QStringLiteral("read"),
                   key ? QString(QStringLiteral("ok ") + *key)
                       : Error::codeName(key.error().code) + u' ' + key.error().message);
        });
    QTimer::singleShot(30000, &app, [&] {
        out << "timeout\n";
        app.exit(3);
    });
    store.write(LlmRole::Planner, QStringLiteral("sk-probe"));
    store.read(LlmRole::Planner);
    store.remove(LlmRole::Executor);
    return app.exec();
}
