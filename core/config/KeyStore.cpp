#include "KeyStore.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>

#include <qt6keychain/keychain.h>

namespace Terrarium::Core {

namespace {

enum class Operation { Read, Write, Remove };

// What the user is told an entry is.
QString describe(LlmRole role)
{
    return role == LlmRole::Planner ? Tr::tr("the planner API key")
                                    : Tr::tr("the executor API key");
}

// Asked only after a job failed, to tell "there is no keyring" (the user needs another way to
// give a key) from "the keyring failed" (worth retrying). Both are quick local D-Bus calls.
bool secretServiceReachable()
{
    const QString secretService = QStringLiteral("org.freedesktop.secrets");
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    const QDBusReply<bool> registered = bus.interface()->isServiceRegistered(secretService);
    if (registered.isValid() && registered.value())
        return true;
    const QDBusReply<QStringList> activatable = bus.interface()->activatableServiceNames();
    return activatable.isValid() && activatable.value().contains(secretService);
}

Error noKeyringError()
{
    return Error{ErrorCode::Configuration,
                 Tr::tr("No desktop keyring (Secret Service) is running; set "
                        "OPENAI_API_KEY/ANTHROPIC_API_KEY (or TERRARIUM_API_KEY for other "
                        "servers) in the environment instead.")};
}

Error failure(const QKeychain::Job &job, const QString &description, Operation operation)
{
    const QString detail = job.errorString();
    switch (job.error()) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return noKeyringError();
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return Error{ErrorCode::PermissionDenied,
                     Tr::tr("The desktop keyring refused access to %1 (is it locked?): %2")
                         .arg(description, detail)};
    case QKeychain::NoError:
    case QKeychain::EntryNotFound:
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        break;
    }
    if (!secretServiceReachable())
        return noKeyringError();
    QString message;
    switch (operation) {
    case Operation::Read:
        message = Tr::tr("Could not read %1 from the desktop keyring: %2");
        break;
    case Operation::Write:
        message = Tr::tr("Could not store %1 in the desktop keyring: %2");
        break;
    case Operation::Remove:
        message = Tr::tr("Could not remove %1 from the desktop keyring: %2");
        break;
    }
    return Error{ErrorCode::IoError, message.arg(description, detail)};
}

// The job is deliberately left without a QObject parent: QtKeychain's libsecret callbacks hold a
// raw pointer to it until the Secret Service answers, so it must outlive the KeyStore if need
// be. autoDelete (on by default) makes QtKeychain delete it once it has finished.
template<typename JobType>
JobType *newJob(const QString &entry)
{
    auto *job = new JobType(KeyStore::serviceName());
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text copy in a settings file
    job->setKey(entry);
    return job;
}

void logFailure(const QString &entry, const char *what, const Error &error)
{
    // The message comes from the keyring or from us and never holds the secret itself.
    qCWarning(lcCore) << "keyring:" << what << entry << "failed:" << error.message;
}

} // namespace

QString KeyStore::serviceName()
{
    return QStringLiteral("org.terrarium.Terrarium");
}

KeyStore::KeyStore(QObject *parent)
    : QObject(parent)
{ }

KeyStore::~KeyStore() = default;

void KeyStore::read(LlmRole role)
{
    readEntry(llmRoleKey(role), describe(role),
              [this, role](const Result<QString> &key) { Q_EMIT readFinished(role, key); });
}

void KeyStore::write(LlmRole role, const QString &key)
{
    writeEntry(llmRoleKey(role), describe(role), key,
               [this, role](const Result<void> &result) { Q_EMIT writeFinished(role, result); });
}

void KeyStore::remove(LlmRole role)
{
    removeEntry(llmRoleKey(role), describe(role),
                [this, role](const Result<void> &result) { Q_EMIT writeFinished(role, result); });
}

void KeyStore::readSecret(const QString &entry, const QString &description)
{
    readEntry(entry, description,
              [this, entry](const Result<QString> &value) { Q_EMIT secretRead(entry, value); });
}

void KeyStore::writeSecret(const QString &entry, const QString &description, const QString &value)
{
    writeEntry(entry, description, value,
               [this, entry](const Result<void> &result) { Q_EMIT secretWritten(entry, result); });
}

void KeyStore::readEntry(const QString &entry, const QString &description,
                         const std::function<void(const Result<QString> &)> &done)
{
    auto *job = newJob<QKeychain::ReadPasswordJob>(entry);
    connect(job, &QKeychain::Job::finished, this, [entry, description, done, job] {
        if (job->error() == QKeychain::NoError) {
            done(job->textData());
        } else if (job->error() == QKeychain::EntryNotFound) {
            done(QString());
        } else {
            const Error error = failure(*job, description, Operation::Read);
            logFailure(entry, "read", error);
            done(std::unexpected(error));
        }
    });
    job->start();
}

void KeyStore::writeEntry(const QString &entry, const QString &description, const QString &value,
                          const std::function<void(const Result<void> &)> &done)
{
    if (value.isEmpty()) {
        removeEntry(entry, description, done);
        return;
    }
    auto *job = newJob<QKeychain::WritePasswordJob>(entry);
    job->setTextData(value);
    connect(job, &QKeychain::Job::finished, this, [entry, description, done, job] {
        if (job->error() == QKeychain::NoError) {
            done({});
        } else {
            const Error error = failure(*job, description, Operation::Write);
            logFailure(entry, "write", error);
            done(std::unexpected(error));
        }
    });
    job->start();
}

void KeyStore::removeEntry(const QString &entry, const QString &description,
                           const std::function<void(const Result<void> &)> &done)
{
    auto *job = newJob<QKeychain::DeletePasswordJob>(entry);
    connect(job, &QKeychain::Job::finished, this, [entry, description, done, job] {
        if (job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound) {
            done({});
        } else {
            const Error error = failure(*job, description, Operation::Remove);
            logFailure(entry, "remove", error);
            done(std::unexpected(error));
        }
    });
    job->start();
}

} // namespace Terrarium::Core
