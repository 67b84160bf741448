#pragma once

#include "core/Error.h"
#include "core/config/LlmRole.h"
#include "core/config/UserSettings.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class QSettings;

namespace Terrarium::Core {

class KeyStore;

// Loads and saves what the settings dialog edits: UserSettings in the config file and the two
// API keys in the desktop keyring. The dialog only shows and returns values; this class does
// the I/O, so the whole round trip runs (and is tested) without a GUI. The wiring in app/ is:
//
//     session->load();   // then on loaded(): dialog->setValues(session->values()),
//                        //   dialog->setApiKeys(...), dialog->setKeyringError(...)
//     on dialog accepted: session->save(dialog->values(), changed planner key or nullopt,
//                                       changed executor key or nullopt)
//
// It uses its own KeyStore, so that the answers it waits for are its own.
class SettingsSession : public QObject
{
    Q_OBJECT

public:
    // `settings` is the config file ConfigLoader reads; it must outlive this object.
    explicit SettingsSession(QSettings *settings, QObject *parent = nullptr);
    ~SettingsSession() override;

    // Reads the file at once and both keys in the background; emits loaded() when both keys
    // answered (with keyringError() set if they could not be read).
    void load();
    const UserSettings &values() const { return m_values; }
    QString apiKey(LlmRole role) const;
    // Why the keys could not be read or written, e.g. because there is no keyring.
    const std::optional<Error> &keyringError() const { return m_keyringError; }

    // Writes `values` to the file (synced to disk) and each key that is given: std::nullopt
    // leaves the stored key alone, an empty key removes it. Keys are trimmed (pasted keys often
    // carry a newline). Of the commands approved "always", only those load() read and `values`
    // lacks are removed: ones a run added meanwhile are kept. Emits saved() once, after the file
    // and every key write: success, or the first error. A save started while another runs is
    // reported together with it.
    void save(const UserSettings &values, const std::optional<QString> &plannerKey,
              const std::optional<QString> &executorKey);

    bool isBusy() const { return m_pendingReads > 0 || m_pendingWrites > 0; }

Q_SIGNALS:
    void loaded();
    void saved(const Terrarium::Core::Result<void> &result);

private:
    void onKeyRead(LlmRole role, const Result<QString> &key);
    void onKeyWritten(const Result<void> &result);
    void finishSave();

    QPointer<QSettings> m_settings;
    KeyStore *m_keys = nullptr;
    UserSettings m_values;
    QString m_plannerKey;
    QString m_executorKey;
    std::optional<Error> m_keyringError;
    std::optional<Error> m_saveError;
    int m_pendingReads = 0;
    int m_pendingWrites = 0;
};

} // namespace Terrarium::Core
