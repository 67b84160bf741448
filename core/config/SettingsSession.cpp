#include "SettingsSession.h"

#include "core/CoreTr.h"
#include "core/config/KeyStore.h"

#include <QDir>
#include <QSettings>
#include <QTimer>

#include <utility>

namespace Terrarium::Core {

SettingsSession::SettingsSession(QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_keys(new KeyStore(this))
{
    connect(m_keys, &KeyStore::readFinished, this, &SettingsSession::onKeyRead);
    connect(m_keys, &KeyStore::writeFinished, this,
            [this](LlmRole, const Result<void> &result) { onKeyWritten(result); });
}

SettingsSession::~SettingsSession() = default;

void SettingsSession::load()
{
    if (m_settings)
        m_values = UserSettings::load(*m_settings);
    m_keyringError.reset();
    m_pendingReads += 2;
    m_keys->read(LlmRole::Planner);
    m_keys->read(LlmRole::Executor);
}

QString SettingsSession::apiKey(LlmRole role) const
{
    return role == LlmRole::Planner ? m_plannerKey : m_executorKey;
}

void SettingsSession::onKeyRead(LlmRole role, const Result<QString> &key)
{
    if (key)
        (role == LlmRole::Planner ? m_plannerKey : m_executorKey) = *key;
    else if (!m_keyringError)
        m_keyringError = key.error();
    if (--m_pendingReads == 0)
        Q_EMIT loaded();
}

void SettingsSession::save(const UserSettings &values, const std::optional<QString> &plannerKey,
                           const std::optional<QString> &executorKey)
{
    if (!m_settings) {
        m_values = values;
        m_saveError = Error{ErrorCode::IoError, Tr::tr("There is no settings file to save to.")};
    } else {
        // A run may have approved commands "always" since load(): the dialog only removes
        // entries, so what it did not show stays.
        const QStringList shown = m_values.alwaysAllowed;
        m_values = values;
        m_values.alwaysAllowed.clear();
        const QStringList stored =
            m_settings->value(QStringLiteral("safety/always_allowed")).toStringList();
        for (const QString &command : stored + values.alwaysAllowed) {
            const bool removed = shown.contains(command) && !values.alwaysAllowed.contains(command);
            if (!removed && !m_values.alwaysAllowed.contains(command))
                m_values.alwaysAllowed.append(command);
        }
        m_values.save(*m_settings);
        m_settings->sync();
        if (m_settings->status() != QSettings::NoError && !m_saveError) {
            m_saveError = Error{ErrorCode::IoError,
                                Tr::tr("Could not write the settings to %1.")
                                    .arg(QDir::toNativeSeparators(m_settings->fileName()))};
        }
    }

    const auto writeKey = [this](LlmRole role, const std::optional<QString> &key) {
        if (!key)
            return;
        const QString trimmed = key->trimmed();
        (role == LlmRole::Planner ? m_plannerKey : m_executorKey) = trimmed;
        ++m_pendingWrites;
        m_keys->write(role, trimmed);
    };
    writeKey(LlmRole::Planner, plannerKey);
    writeKey(LlmRole::Executor, executorKey);
    // Answer asynchronously even when no key changed, so callers see one behaviour.
    if (m_pendingWrites == 0)
        QTimer::singleShot(0, this, &SettingsSession::finishSave);
}

void SettingsSession::onKeyWritten(const Result<void> &result)
{
    if (!result && !m_saveError)
        m_saveError = result.error();
    if (--m_pendingWrites == 0)
        finishSave();
}

void SettingsSession::finishSave()
{
    if (m_pendingWrites > 0)
        return;
    const std::optional<Error> error = std::exchange(m_saveError, std::nullopt);
    if (error)
        Q_EMIT saved(std::unexpected(*error));
    else
        Q_EMIT saved({});
}

} // namespace Terrarium::Core
