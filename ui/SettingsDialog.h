#pragma once

#include "core/Error.h"
#include "core/config/LlmRole.h"
#include "core/config/LocalServer.h"
#include "core/config/UserSettings.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace Terrarium::Widgets {

// Edits the models of both roles (protocol, base URL, model, API key) and the sandbox defaults.
// It shows values and hands them back; it reads and writes nothing itself. Core::SettingsSession
// loads what it shows and saves what it returns (the wiring is described there), and the caller
// answers detectLocalServerRequested() with Core::LocalServerDetector.
//
// OK (or Ctrl+Enter) accepts only values that UserSettings::validate() passes; otherwise the
// problem is shown and the dialog stays open.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget *parent = nullptr);
    ~SettingsDialog() override;

    void setValues(const Core::UserSettings &values);
    Core::UserSettings values() const;

    // The keys as stored in the keyring; the key fields start from them, and a key counts as
    // changed when its field no longer matches.
    void setApiKeys(const QString &plannerKey, const QString &executorKey);
    QString apiKey(Core::LlmRole role) const;
    bool isApiKeyChanged(Core::LlmRole role) const;
    // The new key, or nullopt when unchanged: what SettingsSession::save() takes.
    std::optional<QString> changedApiKey(Core::LlmRole role) const;

    // Why keys cannot be stored (e.g. there is no keyring): shown in place of the note on where
    // keys go, and the key fields are locked. An empty message unlocks them.
    void setKeyringError(const QString &message);

    // The answer to detectLocalServerRequested(): a server found fills in both roles (Chat
    // Completions, its base URL and model); an error is shown next to the button.
    void setDetectionResult(const Core::Result<Core::LocalServer> &result);

Q_SIGNALS:
    void detectLocalServerRequested();

private:
    struct ModelFields
    {
        QComboBox *provider = nullptr;
        QLineEdit *baseUrl = nullptr;
        QLineEdit *model = nullptr;
        QLineEdit *apiKey = nullptr;
        QToolButton *showKey = nullptr;
        QString storedKey;
    };

    QWidget *createModelGroup(Core::LlmRole role);
    QWidget *createSandboxGroup();
    ModelFields &fields(Core::LlmRole role);
    const ModelFields &fields(Core::LlmRole role) const;
    void updatePlaceholders(Core::LlmRole role);
    void updateHostWarning();
    void acceptIfValid();

    ModelFields m_planner;
    ModelFields m_executor;
    QPushButton *m_detectButton = nullptr;
    QLabel *m_detectionStatus = nullptr;
    QLabel *m_keyringNote = nullptr;
    QComboBox *m_sandbox = nullptr;
    QWidget *m_hostWarning = nullptr;
    QLineEdit *m_image = nullptr;
    QSpinBox *m_cpus = nullptr;
    QSpinBox *m_memory = nullptr;
    QComboBox *m_network = nullptr;
    QCheckBox *m_workOnACopy = nullptr;
    QLabel *m_validationError = nullptr;
};

} // namespace Terrarium::Widgets
