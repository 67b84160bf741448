#pragma once

#include "core/Error.h"
#include "core/config/ConfigProvenance.h"
#include "core/config/LlmRole.h"
#include "core/config/LocalServer.h"
#include "core/config/UserSettings.h"

#include <QDialog>
#include <QHash>

#include <optional>

class QCheckBox;
class QButtonGroup;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSpinBox;
class QStringListModel;
class QTabWidget;
class QToolButton;

namespace Terrarium::Widgets {

class SourcedField;

// Preferences, on three tabs: the models of both roles (protocol, base URL, model, API key); the
// sandbox defaults and its resources; the approval policy, the commands approved "always" and
// the limits of a run. It shows values and hands them back; it reads and writes nothing itself.
// Core::SettingsSession loads what it shows and saves what it returns (the wiring is described
// there), and the caller answers detectLocalServerRequested() with Core::LocalServerDetector.
//
// Given the configuration in effect (setProvenance()), each field says where its value comes
// from, and a field that the environment, the command line or the task file on show sets says
// that what is saved here does not apply while it does.
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
    // While the stored values are being read (the keyring may take a while), the fields show
    // defaults: nothing can be edited or saved, so that an early OK cannot write the defaults
    // over the user's settings.
    void setLoading(bool loading);
    bool isLoading() const { return m_loading; }

    // The keys as stored in the keyring; the key fields start from them, and a key counts as
    // changed when its field no longer matches.
    void setApiKeys(const QString &plannerKey, const QString &executorKey);
    QString apiKey(Core::LlmRole role) const;
    bool isApiKeyChanged(Core::LlmRole role) const;
    // The new key, or nullopt when unchanged: what SettingsSession::save() takes.
    std::optional<QString> changedApiKey(Core::LlmRole role) const;

    // Where each value in effect comes from (AppConfig::provenance, from ConfigLoader::load()
    // and the task file on show). API keys are named by their source only, never shown.
    void setProvenance(const Core::ConfigProvenance &provenance);
    // The config file saved to, named at the bottom of the dialog.
    void setConfigFile(const QString &path);

    // Why keys cannot be stored (e.g. there is no keyring): shown in place of the note on where
    // keys go, and the key fields are locked. An empty message unlocks them.
    void setKeyringError(const QString &message);

    // The answer to detectLocalServerRequested(): a server found fills in both roles (Chat
    // Completions, its base URL and model); an error is shown next to the button.
    void setDetectionResult(const Core::Result<Core::LocalServer> &result);

    // The control API's token, shown hidden under Remote control with a button that copies it;
    // an error in its place when there is none to show.
    // keptIn: where a client finds it (the keyring, a file, the environment).
    void setControlToken(const Core::Result<QString> &token, const QString &keptIn = {});

    // The answer to testRequested(role): the model's words, or the server's error; elapsedMs
    // how long it took.
    void setTestResult(Core::LlmRole role, const Core::Result<QString> &answer, qint64 elapsedMs);
    QString testResultText(Core::LlmRole role) const;
    // Shows the tab and field of a setting ("executor/model", as the config file names it) and
    // gives it the focus: what the window's "Open Preferences…" asks for.
    void focusSetting(const QString &key);
    // "Same as the planner": the executor uses the planner's server, model and key (its fields
    // are then saved empty, which is what makes it so).
    bool isExecutorSameAsPlanner() const;

Q_SIGNALS:
    void detectLocalServerRequested();
    // Test: one tiny request to the role's server as the fields now say (values(), apiKey()).
    void testRequested(Core::LlmRole role);

private:
    struct ModelFields
    {
        QComboBox *provider = nullptr;
        QLineEdit *baseUrl = nullptr;
        QLineEdit *model = nullptr;
        QLineEdit *apiKey = nullptr;
        QToolButton *showKey = nullptr;
        QString storedKey;
        QPushButton *test = nullptr;
        QLabel *testResult = nullptr;
        QCheckBox *sameAsPlanner = nullptr; // the executor's only
    };

    QWidget *createModelsTab();
    QWidget *createModelGroup(Core::LlmRole role, QWidget *parent);
    QWidget *createSandboxTab();
    QWidget *createSafetyTab();
    QWidget *createRemoteControlTab();
    QWidget *createTerminalTab();
    // Wraps field to show where the setting `key` (its config file key) comes from.
    SourcedField *sourced(const QString &key, QWidget *field);
    ModelFields &fields(Core::LlmRole role);
    const ModelFields &fields(Core::LlmRole role) const;
    void updatePlaceholders(Core::LlmRole role);
    void updateHostWarning();
    void updateApprovalWarning();
    void updateAlwaysAllowed();
    void removeSelectedCommands();
    void updateApiKeySources();
    void updateExecutorFields();
    void acceptIfValid();

    QTabWidget *m_tabs = nullptr;
    QPushButton *m_okButton = nullptr;
    bool m_loading = false;
    bool m_keyringAvailable = true;
    ModelFields m_planner;
    ModelFields m_executor;
    QPushButton *m_detectButton = nullptr;
    QLabel *m_detectionStatus = nullptr;
    QLabel *m_keyringNote = nullptr;
    QComboBox *m_sandbox = nullptr;
    QWidget *m_hostWarning = nullptr;
    QLineEdit *m_image = nullptr;
    QLineEdit *m_aptMirror = nullptr;
    QSpinBox *m_cpus = nullptr;
    QSpinBox *m_memory = nullptr;
    QComboBox *m_network = nullptr;
    QCheckBox *m_workOnACopy = nullptr;
    QSpinBox *m_pids = nullptr;
    QSpinBox *m_disk = nullptr;
    QComboBox *m_approval = nullptr;
    QWidget *m_approvalWarning = nullptr;
    QStringListModel *m_alwaysAllowed = nullptr;
    QListView *m_alwaysAllowedView = nullptr;
    QLabel *m_noAlwaysAllowed = nullptr;
    QPushButton *m_removeCommand = nullptr;
    QSpinBox *m_maxSteps = nullptr;
    QSpinBox *m_maxReplans = nullptr;
    QSpinBox *m_stepTimeout = nullptr;
    QCheckBox *m_translateAhead = nullptr;
    QCheckBox *m_remoteControl = nullptr;
    QSpinBox *m_remoteControlPort = nullptr;
    QCheckBox *m_remoteControlSocket = nullptr;
    QCheckBox *m_remoteHostTerminals = nullptr;
    QButtonGroup *m_terminalEngine = nullptr;
    QLabel *m_controlTokenPlace = nullptr;
    QLineEdit *m_controlToken = nullptr;
    QToolButton *m_copyControlToken = nullptr;
    // By config file key ("planner/model", "limits/max_steps").
    QHash<QString, SourcedField *> m_sourced;
    Core::ConfigProvenance m_provenance;
    bool m_hasProvenance = false;
    QLabel *m_overrideSummary = nullptr;
    QLabel *m_configFile = nullptr;
    QLabel *m_validationError = nullptr;
};

} // namespace Terrarium::Widgets
