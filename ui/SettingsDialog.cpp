#include "SettingsDialog.h"

#include "core/config/ConfigLoader.h"
#include "core/config/LimitRange.h"
#include "core/llm/LlmEndpoint.h"
#include "ui/SourcedField.h"
#include "ui/TerminalEngine.h"
#include "ui/UiColors.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QRadioButton>
#include <QShortcut>
#include <QSpinBox>
#include <QStringListModel>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Terrarium::Widgets {

using Core::LlmEndpoint;
using Core::LlmProvider;
using Core::LlmRole;

namespace {

// Label texts per role. Each mnemonic letter is used once in the whole dialog, so Alt+letter
// always lands on one field.
struct RoleTexts
{
    QString title;
    QString protocol;
    QString baseUrl;
    QString model;
    QString apiKey;
    QString show;
    QString test;
};

RoleTexts roleTexts(LlmRole role)
{
    if (role == LlmRole::Planner) {
        return {SettingsDialog::tr("Planner: writes and revises the plan"),
                SettingsDialog::tr("&Protocol:"),
                SettingsDialog::tr("&Base URL:"),
                SettingsDialog::tr("&Model:"),
                SettingsDialog::tr("API &key:"),
                SettingsDialog::tr("S&how"),
                SettingsDialog::tr("&Test")};
    }
    return {SettingsDialog::tr("Executor: turns each step into a command"),
            SettingsDialog::tr("Pr&otocol:"),
            SettingsDialog::tr("Base &URL:"),
            SettingsDialog::tr("Mo&del:"),
            SettingsDialog::tr("API k&ey:"),
            SettingsDialog::tr("Sho&w"),
            SettingsDialog::tr("Te&st")};
}

// Text that stands out as a problem, in the failure red the rest of the UI uses.
void markAsProblem(QLabel *label)
{
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText,
                     UiColors::failure(palette, palette.color(QPalette::Window)));
    label->setPalette(palette);
}

void clearProblem(QLabel *label)
{
    label->setPalette(QPalette()); // inherit the dialog's again
}

void selectData(QComboBox *combo, const QString &data)
{
    const int index = combo->findData(data);
    combo->setCurrentIndex(index >= 0 ? index : 0);
}

// A warning icon and one line of text in the failure red, with the details in the tooltip.
QWidget *warningRow(const QString &text, const QString &details, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *icon = new QLabel(row);
    const int iconSize = row->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, row);
    icon->setPixmap(
        row->style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, row).pixmap(iconSize));
    auto *label = new QLabel(text, row);
    markAsProblem(label);
    row->setToolTip(details);
    layout->addWidget(icon);
    layout->addWidget(label, 1);
    return row;
}

} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Terrarium Settings"));

    auto *layout = new QVBoxLayout(this);
    // Tabs keep the dialog within a 1024×640 screen; each tab is one kind of setting.
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(createModelsTab(), tr("Models"));
    m_tabs->addTab(createSandboxTab(), tr("Sandbox"));
    m_tabs->addTab(createSafetyTab(), tr("Approval and limits"));
    m_tabs->addTab(createRemoteControlTab(), tr("Remote control"));
    m_tabs->addTab(createTerminalTab(), tr("Terminal"));
    // Wide enough for the notes below overridden fields to fit on one line, mostly; still well
    // within 1024 pixels.
    m_tabs->setMinimumWidth(fontMetrics().averageCharWidth() * 125);
    layout->addWidget(m_tabs, 1);

    // The forms are separate layouts; equal label widths line their fields up.
    int labelWidth = 0;
    const QList<QLabel *> labels = findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (label->buddy())
            labelWidth = std::max(labelWidth, label->sizeHint().width());
    }
    for (QLabel *label : labels) {
        if (label->buddy())
            label->setMinimumWidth(labelWidth);
    }

    m_overrideSummary = new QLabel(this);
    m_overrideSummary->setWordWrap(true);
    m_overrideSummary->hide();
    layout->addWidget(m_overrideSummary);

    m_validationError = new QLabel(this);
    m_validationError->setWordWrap(true);
    m_validationError->hide();
    markAsProblem(m_validationError);
    layout->addWidget(m_validationError);

    auto *bottomRow = new QHBoxLayout;
    m_configFile = new QLabel(this);
    m_configFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_configFile->setForegroundRole(QPalette::PlaceholderText);
    m_configFile->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_okButton = buttons->button(QDialogButtonBox::Ok);
    m_okButton->setToolTip(tr("Save the settings (Ctrl+Enter)"));
    bottomRow->addWidget(m_configFile, 1);
    bottomRow->addWidget(buttons);
    layout->addLayout(bottomRow);

    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::acceptIfValid);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (const QKeySequence &keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        connect(shortcut, &QShortcut::activated, this, &SettingsDialog::acceptIfValid);
    }

    setValues(Core::UserSettings());
    m_planner.provider->setFocus();
}

SettingsDialog::~SettingsDialog() = default;

QWidget *SettingsDialog::createModelsTab()
{
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);
    // One above the other: side by side, the protocol names would be cut off.
    layout->addWidget(createModelGroup(LlmRole::Planner, tab));
    layout->addWidget(createModelGroup(LlmRole::Executor, tab));

    // The note on keys and the detect button share a row: the tab must fit 640 pixels even
    // with notes below several fields. The detection's answer gets its own line.
    auto *detectRow = new QHBoxLayout;
    m_keyringNote = new QLabel(tab);
    m_keyringNote->setWordWrap(true);
    setKeyringError(QString());
    m_detectButton = new QPushButton(tr("Detect &local server"), tab);
    m_detectButton->setToolTip(
        tr("Look for Ollama (localhost:11434) or llama.cpp's server (localhost:8080) and use it "
           "for both roles"));
    detectRow->addWidget(m_keyringNote, 1);
    detectRow->addWidget(m_detectButton, 0, Qt::AlignTop);
    layout->addLayout(detectRow);
    m_detectionStatus = new QLabel(tab);
    m_detectionStatus->setWordWrap(true);
    m_detectionStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detectionStatus->hide();
    layout->addWidget(m_detectionStatus);
    layout->addStretch(1);

    connect(m_detectButton, &QPushButton::clicked, this, [this] {
        m_detectButton->setEnabled(false);
        clearProblem(m_detectionStatus);
        m_detectionStatus->setText(tr("Looking for a local model server…"));
        m_detectionStatus->show();
        Q_EMIT detectLocalServerRequested();
    });
    return tab;
}

QWidget *SettingsDialog::createModelGroup(LlmRole role, QWidget *parent)
{
    const RoleTexts texts = roleTexts(role);
    ModelFields &f = fields(role);
    const QString prefix = Core::llmRoleKey(role) + u'/';
    auto *group = new QGroupBox(texts.title, parent);
    auto *form = new QFormLayout(group);

    f.provider = new QComboBox(group);
    f.provider->addItem(tr("Automatic (from the API key or base URL)"), QString());
    for (const LlmProvider provider :
         {LlmProvider::Responses, LlmProvider::ChatCompletions, LlmProvider::Anthropic}) {
        QString name;
        switch (provider) {
        case LlmProvider::Responses:
            name = tr("OpenAI Responses");
            break;
        case LlmProvider::ChatCompletions:
            name = tr("Chat Completions (OpenAI, Ollama, llama.cpp, vLLM)");
            break;
        case LlmProvider::Anthropic:
            name = tr("Anthropic Messages");
            break;
        }
        f.provider->addItem(name, LlmEndpoint::providerName(provider));
    }

    f.baseUrl = new QLineEdit(group);
    f.baseUrl->setClearButtonEnabled(true);
    f.model = new QLineEdit(group);
    f.model->setClearButtonEnabled(true);

    auto *keyRow = new QWidget(group);
    f.apiKey = new QLineEdit(keyRow);
    f.apiKey->setEchoMode(QLineEdit::Password);
    f.apiKey->setPlaceholderText(tr("None stored"));
    f.showKey = new QToolButton(keyRow);
    f.showKey->setText(texts.show);
    f.showKey->setCheckable(true);
    f.showKey->setToolTip(tr("Show the key while editing it"));
    auto *keyLayout = new QHBoxLayout(keyRow);
    keyLayout->setContentsMargins(0, 0, 0, 0);
    keyLayout->addWidget(f.apiKey, 1);
    keyLayout->addWidget(f.showKey);

    const auto addRow = [this, group, form](const QString &text, const QString &key, QWidget *field,
                                            QWidget *buddy) {
        auto *label = new QLabel(text, group);
        label->setBuddy(buddy);
        form->addRow(label, sourced(key, field));
    };
    addRow(texts.protocol, prefix + QStringLiteral("provider"), f.provider, f.provider);
    addRow(texts.baseUrl, prefix + QStringLiteral("base_url"), f.baseUrl, f.baseUrl);
    addRow(texts.model, prefix + QStringLiteral("model"), f.model, f.model);
    addRow(texts.apiKey, prefix + QStringLiteral("api_key"), keyRow, f.apiKey);

    // Test: one tiny request, answered in the server's own words; beside the key (the dialog
    // must fit a small screen), its answer on a line of its own once there is one.
    f.test = new QPushButton(texts.test, keyRow);
    f.test->setObjectName(QStringLiteral("testButton"));
    f.test->setAutoDefault(false);
    f.test->setToolTip(tr("Send one tiny request to this server and model, as a run would, and "
                          "show the answer or the server's error"));
    keyLayout->addWidget(f.test);
    f.testResult = new QLabel(group);
    f.testResult->setObjectName(QStringLiteral("testResult"));
    f.testResult->setWordWrap(true);
    f.testResult->setTextFormat(Qt::PlainText);
    f.testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    f.testResult->hide();
    form->addRow(f.testResult);
    connect(f.test, &QPushButton::clicked, this, [this, role] {
        ModelFields &tested = fields(role);
        tested.test->setEnabled(false);
        clearProblem(tested.testResult);
        tested.testResult->setText(tr("Asking the model…"));
        tested.testResult->show();
        Q_EMIT testRequested(role);
    });

    if (role == LlmRole::Executor) {
        // The default when nothing is set for it: most people use one server and model.
        f.sameAsPlanner =
            new QCheckBox(tr("S&ame as the planner: its server, model and key"), group);
        f.sameAsPlanner->setObjectName(QStringLiteral("sameAsPlanner"));
        f.sameAsPlanner->setToolTip(tr("Ticked while the executor's fields are empty: it then uses "
                                       "the planner's server, model and key. Type in a field to "
                                       "set it apart."));
        form->insertRow(0, f.sameAsPlanner);
        connect(f.sameAsPlanner, &QCheckBox::toggled, this, [this](bool same) {
            if (same) {
                m_executor.provider->setCurrentIndex(0);
                m_executor.baseUrl->clear();
                m_executor.model->clear();
            } else {
                m_executor.baseUrl->setFocus(Qt::OtherFocusReason);
            }
            updateExecutorFields();
        });
        connect(f.provider, &QComboBox::currentIndexChanged, this,
                &SettingsDialog::updateExecutorFields);
        connect(f.baseUrl, &QLineEdit::textChanged, this, &SettingsDialog::updateExecutorFields);
        connect(f.model, &QLineEdit::textChanged, this, &SettingsDialog::updateExecutorFields);
    }

    QLineEdit *apiKey = f.apiKey;
    connect(f.showKey, &QToolButton::toggled, apiKey, [apiKey](bool shown) {
        apiKey->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
    });
    connect(f.provider, &QComboBox::currentIndexChanged, this,
            [this, role] { updatePlaceholders(role); });
    connect(f.baseUrl, &QLineEdit::textChanged, this, [this, role] { updatePlaceholders(role); });
    return group;
}

QWidget *SettingsDialog::createSandboxTab()
{
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);
    auto *group = new QGroupBox(tr("Sandbox for new runs"), tab);
    auto *form = new QFormLayout(group);

    m_sandbox = new QComboBox(group);
    m_sandbox->addItem(tr("Podman container"), QStringLiteral("podman"));
    m_sandbox->addItem(tr("libvirt virtual machine"), QStringLiteral("libvirt"));
    m_sandbox->addItem(tr("Host (no isolation)"), QStringLiteral("host"));

    // One line, not wrapped: a wrapped label in a form does not get the height it needs, and
    // this must never be cut off. The details are in the tooltip.
    m_hostWarning = warningRow(
        tr("Commands run directly on this computer, with no isolation."),
        tr("The host sandbox runs every command as you, on your files, with your network. Use it "
           "only for goals you would run yourself."),
        group);

    m_image = new QLineEdit(group);
    m_image->setPlaceholderText(tr("Terrarium's own Debian image"));
    m_image->setClearButtonEnabled(true);

    m_aptMirror = new QLineEdit(group);
    m_aptMirror->setPlaceholderText(tr("The one this computer's apt uses"));
    m_aptMirror->setClearButtonEnabled(true);
    m_aptMirror->setToolTip(
        tr("Where Terrarium's images get their Debian packages when they are built: a local "
           "mirror or an apt cache (http://, https:// or file://). Empty: the Debian mirror "
           "and apt proxy of this computer's apt sources."));

    m_network = new QComboBox(group);
    m_network->addItem(tr("None: no network at all"), QStringLiteral("none"));
    m_network->addItem(tr("Outbound: may reach the internet"), QStringLiteral("outbound"));

    m_workOnACopy = new QCheckBox(tr("Containers work on a cop&y of the workspace"), group);
    m_workOnACopy->setToolTip(
        tr("The files are copied into the container; when the run ends you review what it "
           "changed and apply what you accept. Virtual machines always work on a copy."));

    const auto addRow = [this](QFormLayout *to, const QString &text, const QString &key,
                               QWidget *field) {
        auto *label = new QLabel(text, to->parentWidget());
        label->setBuddy(field);
        to->addRow(label, sourced(key, field));
    };
    addRow(form, tr("Default &sandbox:"), QStringLiteral("sandbox/kind"), m_sandbox);
    form->addRow(QString(), m_hostWarning);
    addRow(form, tr("&Image:"), QStringLiteral("sandbox/image"), m_image);
    addRow(form, tr("Debian &mirror:"), QStringLiteral("sandbox/apt_mirror"), m_aptMirror);
    addRow(form, tr("&Network:"), QStringLiteral("sandbox/network"), m_network);
    form->addRow(QString(), sourced(QStringLiteral("sandbox/workspace_mode"), m_workOnACopy));
    layout->addWidget(group);

    auto *resources = new QGroupBox(tr("Resources of each sandbox"), tab);
    auto *resourceForm = new QFormLayout(resources);
    m_cpus = new QSpinBox(resources);
    m_cpus->setRange(Core::LimitRange::cpus().min, Core::LimitRange::cpus().max);
    m_memory = new QSpinBox(resources);
    m_memory->setRange(Core::LimitRange::memoryMiB().min, Core::LimitRange::memoryMiB().max);
    m_memory->setSingleStep(256);
    m_memory->setSuffix(tr(" MiB"));
    m_memory->setGroupSeparatorShown(true);
    m_pids = new QSpinBox(resources);
    m_pids->setRange(Core::LimitRange::pids().min, Core::LimitRange::pids().max);
    m_pids->setSingleStep(128);
    m_pids->setGroupSeparatorShown(true);
    m_pids->setToolTip(tr("How many processes and threads may run in the sandbox at once"));
    m_disk = new QSpinBox(resources);
    m_disk->setRange(Core::LimitRange::diskMiB().min, Core::LimitRange::diskMiB().max);
    m_disk->setSingleStep(1024);
    m_disk->setSuffix(tr(" MiB"));
    m_disk->setGroupSeparatorShown(true);
    m_disk->setToolTip(
        tr("How much the sandbox's own disk may grow; the workspace does not count"));
    addRow(resourceForm, tr("&CPUs:"), QStringLiteral("sandbox/cpus"), m_cpus);
    addRow(resourceForm, tr("Memo&ry:"), QStringLiteral("sandbox/memory_mib"), m_memory);
    addRow(resourceForm, tr("Ma&ximum processes:"), QStringLiteral("sandbox/pids"), m_pids);
    addRow(resourceForm, tr("Disk si&ze:"), QStringLiteral("sandbox/disk_mib"), m_disk);
    layout->addWidget(resources);
    layout->addStretch(1);

    connect(m_sandbox, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateHostWarning);
    return tab;
}

QWidget *SettingsDialog::createTerminalTab()
{
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);
    // Both engines are listed; one this build lacks is shown disabled, with why.
    auto *engines = new QGroupBox(tr("Terminal engine"), tab);
    auto *enginesLayout = new QVBoxLayout(engines);
    m_terminalEngine = new QButtonGroup(engines);
    const QList<Widgets::TerminalEngine> built = Widgets::availableTerminalEngines();
    for (const Widgets::TerminalEngine engine :
         {Widgets::TerminalEngine::Terrarium, Widgets::TerminalEngine::QTermWidget}) {
        auto *choice = new QRadioButton(Widgets::terminalEngineName(engine), engines);
        choice->setProperty("engine", Widgets::terminalEngineKey(engine));
        choice->setEnabled(built.contains(engine));
        m_terminalEngine->addButton(choice);
        enginesLayout->addWidget(choice);
    }
    auto *note = new QLabel(built.contains(Widgets::TerminalEngine::QTermWidget)
                                ? tr("For terminals opened from now on. Terrarium's own view is "
                                     "the faster one.")
                                : tr("This build has only Terrarium's own view; QTermWidget is "
                                     "offered where Terrarium was built with it (Debian 13)."),
                            engines);
    note->setWordWrap(true);
    enginesLayout->addWidget(note);
    layout->addWidget(engines);
    layout->addStretch(1);
    return tab;
}

QWidget *SettingsDialog::createRemoteControlTab()
{
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // The control API: other programs of this user drive runs as the window does.
    auto *remote = new QGroupBox(tr("Remote control"), tab);
    auto *remoteForm = new QFormLayout(remote);
    m_remoteControl =
        new QCheckBox(tr("Let programs on this computer watch and drive runs"), remote);
    m_remoteControl->setToolTip(
        tr("A WebSocket on 127.0.0.1 and ::1 only, for clients that know the token; web pages "
           "are refused. See docs/CONTROL_API.md."));
    remoteForm->addRow(m_remoteControl);
    m_remoteControlPort = new QSpinBox(remote);
    m_remoteControlPort->setRange(Core::LimitRange::port().min, Core::LimitRange::port().max);
    m_remoteControlPort->setGroupSeparatorShown(false);
    auto *portLabel = new QLabel(tr("Port &for clients:"), remote);
    portLabel->setBuddy(m_remoteControlPort);
    auto *portRow = new QHBoxLayout;
    portRow->addWidget(m_remoteControlPort);
    portRow->addStretch(1);
    remoteForm->addRow(portLabel, portRow);
    m_remoteControlSocket = new QCheckBox(tr("Also on a Unix socket in the session's runtime "
                                             "folder (terrarium/control.sock)"),
                                          remote);
    m_remoteControlSocket->setToolTip(tr("For clients that would rather not use a port; only "
                                         "your own programs can open it, and they need the "
                                         "token too."));
    remoteForm->addRow(m_remoteControlSocket);
    m_remoteHostTerminals =
        new QCheckBox(tr("Let clients open terminals in runs on the host (no isolation)"), remote);
    m_remoteHostTerminals->setObjectName(QStringLiteral("remoteHostTerminals"));
    m_remoteHostTerminals->setToolTip(
        tr("A client's terminal in a run on the host sandbox is a shell on this computer whose "
           "commands pass no safety check. Off, clients get terminals only in containers and "
           "VMs. Each one opened is kept with the run and shown above the timeline."));
    remoteForm->addRow(m_remoteHostTerminals);
    m_controlToken = new QLineEdit(remote);
    m_controlToken->setReadOnly(true);
    m_controlToken->setEchoMode(QLineEdit::Password);
    m_controlToken->setFont(mono);
    m_controlToken->setAccessibleName(tr("Control token"));
    m_copyControlToken = new QToolButton(remote);
    m_copyControlToken->setText(tr("Copy"));
    m_copyControlToken->setToolTip(tr("Copy the token for a client to prove itself with (see "
                                      "docs/CONTROL_API.md)"));
    m_copyControlToken->setEnabled(false);
    auto *tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_controlToken, 1);
    tokenRow->addWidget(m_copyControlToken);
    auto *tokenLabel = new QLabel(tr("Re&quired token:"), remote);
    tokenLabel->setBuddy(m_controlToken);
    remoteForm->addRow(tokenLabel, tokenRow);
    m_controlTokenPlace = new QLabel(remote);
    m_controlTokenPlace->setWordWrap(true);
    m_controlTokenPlace->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_controlTokenPlace->setForegroundRole(QPalette::PlaceholderText);
    remoteForm->addRow(QString(), m_controlTokenPlace);
    auto *how =
        new QLabel(tr("Clients connect to ws://127.0.0.1 on this port (or ::1, or the Unix "
                      "socket) and prove they know the token without sending it. Scripts can also "
                      "run terrarium --headless --serve. The protocol is in docs/CONTROL_API.md."),
                   remote);
    how->setWordWrap(true);
    how->setForegroundRole(QPalette::PlaceholderText);
    remoteForm->addRow(how);
    layout->addWidget(remote);
    layout->addStretch(1);
    connect(m_copyControlToken, &QToolButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_controlToken->text());
        m_copyControlToken->setText(tr("Copied"));
    });
    const auto updateRemote = [this] {
        m_remoteControlPort->setEnabled(m_remoteControl->isChecked());
        m_remoteControlSocket->setEnabled(m_remoteControl->isChecked());
    };
    connect(m_remoteControl, &QCheckBox::toggled, this, updateRemote);
    return tab;
}

QWidget *SettingsDialog::createSafetyTab()
{
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);

    auto *approvalGroup = new QGroupBox(tr("Approval of commands"), tab);
    auto *approvalForm = new QFormLayout(approvalGroup);
    m_approval = new QComboBox(approvalGroup);
    m_approval->addItem(tr("Ask before running risky commands"),
                        Core::approvalPolicyName(Core::ApprovalPolicy::Ask));
    m_approval->addItem(tr("Run only what the safety rules pass; deny the rest"),
                        Core::approvalPolicyName(Core::ApprovalPolicy::Safe));
    m_approval->addItem(tr("Run every command without asking"),
                        Core::approvalPolicyName(Core::ApprovalPolicy::All));
    m_approvalWarning = warningRow(
        tr("Risky commands run without asking."),
        tr("Commands the safety rules flag (deleting files, changing permissions, fetching and "
           "running scripts, …) run at once. Use it only with a sandbox you can throw away."),
        approvalGroup);

    auto *approvalLabel = new QLabel(tr("Appro&val:"), approvalGroup);
    approvalLabel->setBuddy(m_approval);
    approvalForm->addRow(approvalLabel, sourced(QStringLiteral("safety/approval"), m_approval));
    approvalForm->addRow(QString(), m_approvalWarning);

    // The commands answered with "Always": they run without asking, in every run.
    m_alwaysAllowed = new QStringListModel(this);
    m_alwaysAllowedView = new QListView(approvalGroup);
    // Found by name: combo boxes own list views (their popups) too.
    m_alwaysAllowedView->setObjectName(QStringLiteral("alwaysAllowedCommands"));
    m_alwaysAllowedView->setModel(m_alwaysAllowed);
    m_alwaysAllowedView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_alwaysAllowedView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_alwaysAllowedView->setUniformItemSizes(true);
    m_alwaysAllowedView->setAccessibleName(tr("Commands approved with Always"));
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_alwaysAllowedView->setFont(mono);
    // About four commands high: enough to see there are some, small enough for 640 pixels.
    m_alwaysAllowedView->setMaximumHeight(m_alwaysAllowedView->fontMetrics().height() * 5);
    m_noAlwaysAllowed =
        new QLabel(tr("None yet: commands you approve with “Always” appear here."), approvalGroup);
    m_noAlwaysAllowed->setForegroundRole(QPalette::PlaceholderText);
    m_removeCommand = new QPushButton(tr("Remove"), approvalGroup);
    m_removeCommand->setToolTip(tr("Ask again before running the selected commands (Delete)"));
    auto *listRow = new QHBoxLayout;
    listRow->addWidget(m_alwaysAllowedView, 1);
    listRow->addWidget(m_noAlwaysAllowed, 1);
    listRow->addWidget(m_removeCommand, 0, Qt::AlignTop);
    auto *listLabel = new QLabel(tr("Always allowed:"), approvalGroup);
    listLabel->setBuddy(m_alwaysAllowedView);
    listLabel->setToolTip(tr("Commands you approved with “Always”: they run without asking"));
    approvalForm->addRow(listLabel, listRow);
    layout->addWidget(approvalGroup);

    auto *limits = new QGroupBox(tr("Limits of each run"), tab);
    auto *limitForm = new QFormLayout(limits);
    m_maxSteps = new QSpinBox(limits);
    m_maxSteps->setRange(Core::LimitRange::maxSteps().min, Core::LimitRange::maxSteps().max);
    m_maxSteps->setToolTip(tr("Commands run in total, across re-plans"));
    m_maxReplans = new QSpinBox(limits);
    m_maxReplans->setRange(Core::LimitRange::maxReplans().min, Core::LimitRange::maxReplans().max);
    m_maxReplans->setSpecialValueText(tr("None: stop at the first failed step"));
    m_stepTimeout = new QSpinBox(limits);
    m_stepTimeout->setRange(Core::LimitRange::stepTimeoutSeconds().min,
                            Core::LimitRange::stepTimeoutSeconds().max);
    m_stepTimeout->setSingleStep(30);
    m_stepTimeout->setSuffix(tr(" s"));
    m_stepTimeout->setGroupSeparatorShown(true);
    m_stepTimeout->setToolTip(tr("A step still running after this long is stopped and fails"));
    const auto addRow = [this, limits, limitForm](const QString &text, const QString &key,
                                                  QWidget *field) {
        auto *label = new QLabel(text, limits);
        label->setBuddy(field);
        limitForm->addRow(label, sourced(key, field));
    };
    addRow(tr("M&aximum steps:"), QStringLiteral("limits/max_steps"), m_maxSteps);
    addRow(tr("Re-plans before givin&g up:"), QStringLiteral("limits/max_replans"), m_maxReplans);
    addRow(tr("Step &timeout:"), QStringLiteral("limits/step_timeout"), m_stepTimeout);
    m_translateAhead =
        new QCheckBox(tr("&Jump ahead: ask for the next command while a step runs"), limits);
    m_translateAhead->setToolTip(
        tr("Saves waiting for the model between steps. The early answer is used only when the "
           "step before succeeded, and it is checked like any command."));
    limitForm->addRow(sourced(QStringLiteral("run/translate_ahead"), m_translateAhead));
    layout->addWidget(limits);
    layout->addStretch(1);

    connect(m_approval, &QComboBox::currentIndexChanged, this,
            &SettingsDialog::updateApprovalWarning);
    connect(m_removeCommand, &QPushButton::clicked, this, &SettingsDialog::removeSelectedCommands);
    auto *removeShortcut = new QShortcut(QKeySequence::Delete, m_alwaysAllowedView);
    removeShortcut->setContext(Qt::WidgetShortcut);
    connect(removeShortcut, &QShortcut::activated, this, &SettingsDialog::removeSelectedCommands);
    connect(m_alwaysAllowedView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SettingsDialog::updateAlwaysAllowed);
    return tab;
}

SourcedField *SettingsDialog::sourced(const QString &key, QWidget *field)
{
    auto *wrapper = new SourcedField(field, field->parentWidget());
    m_sourced.insert(key, wrapper);
    return wrapper;
}

SettingsDialog::ModelFields &SettingsDialog::fields(LlmRole role)
{
    return role == LlmRole::Planner ? m_planner : m_executor;
}

const SettingsDialog::ModelFields &SettingsDialog::fields(LlmRole role) const
{
    return role == LlmRole::Planner ? m_planner : m_executor;
}

void SettingsDialog::setValues(const Core::UserSettings &values)
{
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        const Core::UserSettings::Model &model = values.model(role);
        ModelFields &f = fields(role);
        selectData(f.provider,
                   model.provider ? LlmEndpoint::providerName(*model.provider) : QString());
        f.baseUrl->setText(model.baseUrl);
        f.model->setText(model.model);
        updatePlaceholders(role);
    }
    updateExecutorFields();
    selectData(m_sandbox, values.sandbox);
    m_image->setText(values.image);
    m_aptMirror->setText(values.aptMirror);
    m_cpus->setValue(values.cpus);
    m_memory->setValue(values.memoryMiB);
    m_pids->setValue(values.pidsLimit);
    m_disk->setValue(values.diskMiB);
    selectData(m_network, values.network);
    m_workOnACopy->setChecked(values.workspaceMode == QLatin1String("copy"));
    selectData(m_approval, Core::approvalPolicyName(values.approval));
    m_alwaysAllowed->setStringList(values.alwaysAllowed);
    m_maxSteps->setValue(values.maxSteps);
    m_maxReplans->setValue(values.maxReplans);
    m_stepTimeout->setValue(values.stepTimeoutSeconds);
    m_translateAhead->setChecked(values.translateAhead);
    m_remoteControl->setChecked(values.remoteControl);
    m_remoteControlPort->setValue(values.remoteControlPort);
    m_remoteControlPort->setEnabled(values.remoteControl);
    m_remoteControlSocket->setChecked(values.remoteControlSocket);
    m_remoteControlSocket->setEnabled(values.remoteControl);
    m_remoteHostTerminals->setChecked(values.remoteHostTerminals);
    const QString engine =
        Widgets::terminalEngineKey(Widgets::terminalEngineFromKey(values.terminalEngine));
    for (QAbstractButton *choice : m_terminalEngine->buttons())
        choice->setChecked(choice->property("engine").toString() == engine);
    updateHostWarning();
    updateApprovalWarning();
    updateAlwaysAllowed();
}

Core::UserSettings SettingsDialog::values() const
{
    Core::UserSettings values;
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        const ModelFields &f = fields(role);
        Core::UserSettings::Model &model = values.model(role);
        model.provider = LlmEndpoint::providerFromName(f.provider->currentData().toString());
        model.baseUrl = f.baseUrl->text().trimmed();
        model.model = f.model->text().trimmed();
    }

    values.sandbox = m_sandbox->currentData().toString();
    values.image = m_image->text().trimmed();
    values.aptMirror = m_aptMirror->text().trimmed();
    values.cpus = m_cpus->value();
    values.memoryMiB = m_memory->value();
    values.network = m_network->currentData().toString();
    values.workspaceMode =
        m_workOnACopy->isChecked() ? QStringLiteral("copy") : QStringLiteral("mount");
    values.pidsLimit = m_pids->value();
    values.diskMiB = m_disk->value();
    values.approval = Core::approvalPolicyFromName(m_approval->currentData().toString())
                          .value_or(Core::ApprovalPolicy::Ask);
    values.alwaysAllowed = m_alwaysAllowed->stringList();
    values.maxSteps = m_maxSteps->value();
    values.maxReplans = m_maxReplans->value();
    values.stepTimeoutSeconds = m_stepTimeout->value();
    values.translateAhead = m_translateAhead->isChecked();
    values.remoteControl = m_remoteControl->isChecked();
    values.remoteControlPort = m_remoteControlPort->value();
    values.remoteControlSocket = m_remoteControlSocket->isChecked();
    values.remoteHostTerminals = m_remoteHostTerminals->isChecked();
    if (const QAbstractButton *choice = m_terminalEngine->checkedButton())
        values.terminalEngine = choice->property("engine").toString();
    return values;
}

void SettingsDialog::setControlToken(const Core::Result<QString> &token, const QString &keptIn)
{
    m_controlTokenPlace->setText(token && !keptIn.isEmpty() ? tr("Kept in %1.").arg(keptIn)
                                                            : QString());
    m_controlToken->setText(token ? *token : QString());
    m_controlToken->setEchoMode(token ? QLineEdit::Password : QLineEdit::Normal);
    m_controlToken->setPlaceholderText(token ? QString() : token.error().message);
    m_controlToken->setToolTip(token ? QString() : token.error().message);
    m_copyControlToken->setEnabled(bool(token));
}

void SettingsDialog::setApiKeys(const QString &plannerKey, const QString &executorKey)
{
    m_planner.storedKey = plannerKey;
    m_planner.apiKey->setText(plannerKey);
    m_executor.storedKey = executorKey;
    m_executor.apiKey->setText(executorKey);
    updateApiKeySources();
}

void SettingsDialog::setProvenance(const Core::ConfigProvenance &provenance)
{
    m_provenance = provenance;
    m_hasProvenance = true;
    QStringList overridden;
    for (auto it = m_sourced.cbegin(); it != m_sourced.cend(); ++it) {
        const QString &key = it.key();
        QString value = provenance.value(key);
        if (key == QLatin1String("sandbox/workspace_mode"))
            value = value == QLatin1String("copy") ? tr("a copy of the workspace")
                                                   : tr("the workspace folder itself");
        it.value()->setSource(provenance.source(key), value);
        if (it.value()->isOverridden())
            overridden << key;
    }
    updateApiKeySources();

    // Fields on other tabs are out of sight: say here that some values do not apply.
    const int count = int(overridden.size());
    m_overrideSummary->setVisible(count > 0);
    m_overrideSummary->setText(
        count == 1 ? tr("1 setting here is overridden by the environment, the command line or a "
                        "task file; its field says which.")
                   : tr("%n settings here are overridden by the environment, the command line or "
                        "a task file; their fields say which.",
                        nullptr, count));
}

void SettingsDialog::setConfigFile(const QString &path)
{
    m_configFile->setText(tr("Saved to %1").arg(QDir::toNativeSeparators(path)));
    m_configFile->setToolTip(m_configFile->text());
    m_configFile->setVisible(!path.isEmpty());
}

QString SettingsDialog::apiKey(LlmRole role) const
{
    return fields(role).apiKey->text();
}

bool SettingsDialog::isApiKeyChanged(LlmRole role) const
{
    return fields(role).apiKey->text() != fields(role).storedKey;
}

std::optional<QString> SettingsDialog::changedApiKey(LlmRole role) const
{
    if (!isApiKeyChanged(role))
        return std::nullopt;
    return apiKey(role);
}

void SettingsDialog::setKeyringError(const QString &message)
{
    const bool available = message.isEmpty();
    m_keyringAvailable = available;
    m_planner.apiKey->setEnabled(available);
    m_planner.showKey->setEnabled(available);
    updateExecutorFields();
    if (available) {
        clearProblem(m_keyringNote);
        m_keyringNote->setText(
            tr("API keys are kept in the desktop keyring, never in the settings file."));
    } else {
        markAsProblem(m_keyringNote);
        m_keyringNote->setText(message);
    }
}

void SettingsDialog::updateExecutorFields()
{
    // Same as the planner exactly when nothing of its own is set: typing in a field sets it
    // apart, emptying them all (or the tick, which empties them) makes it the planner's again.
    const bool empty = m_executor.provider->currentData().toString().isEmpty()
        && m_executor.baseUrl->text().trimmed().isEmpty()
        && m_executor.model->text().trimmed().isEmpty();
    const QSignalBlocker blocker(m_executor.sameAsPlanner);
    m_executor.sameAsPlanner->setChecked(empty);
    m_executor.apiKey->setEnabled(m_keyringAvailable);
    m_executor.showKey->setEnabled(m_keyringAvailable);
    updatePlaceholders(LlmRole::Executor);
}

bool SettingsDialog::isExecutorSameAsPlanner() const
{
    return m_executor.sameAsPlanner && m_executor.sameAsPlanner->isChecked();
}

void SettingsDialog::setTestResult(LlmRole role, const Core::Result<QString> &answer,
                                   qint64 elapsedMs)
{
    ModelFields &f = fields(role);
    f.test->setEnabled(true);
    f.testResult->show();
    if (!answer) {
        markAsProblem(f.testResult);
        f.testResult->setText(tr("No answer: %1").arg(answer.error().message));
        return;
    }
    clearProblem(f.testResult);
    const QString words = answer->left(200);
    f.testResult->setText(words.isEmpty()
                              ? tr("It answered (with no text) in %1 ms.").arg(elapsedMs)
                              : tr("It answered in %1 ms: “%2”").arg(elapsedMs).arg(words));
}

QString SettingsDialog::testResultText(LlmRole role) const
{
    return fields(role).testResult->text();
}

void SettingsDialog::focusSetting(const QString &key)
{
    const bool planner = key.startsWith(QLatin1String("planner/"));
    if (!planner && !key.startsWith(QLatin1String("executor/")))
        return;
    ModelFields &f = planner ? m_planner : m_executor;
    QWidget *field = f.baseUrl;
    if (key.endsWith(QLatin1String("/model")))
        field = f.model;
    else if (key.endsWith(QLatin1String("/api_key")))
        field = f.apiKey;
    else if (key.endsWith(QLatin1String("/provider")))
        field = f.provider;
    for (int index = 0; index < m_tabs->count(); ++index) {
        if (m_tabs->widget(index)->isAncestorOf(field))
            m_tabs->setCurrentIndex(index);
    }
    field->setFocus(Qt::OtherFocusReason);
}

void SettingsDialog::setDetectionResult(const Core::Result<Core::LocalServer> &result)
{
    m_detectButton->setEnabled(true);
    m_detectionStatus->show();
    if (!result) {
        markAsProblem(m_detectionStatus);
        m_detectionStatus->setText(result.error().message);
        return;
    }
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        ModelFields &f = fields(role);
        selectData(f.provider, LlmEndpoint::providerName(LlmProvider::ChatCompletions));
        f.baseUrl->setText(result->baseUrl.toString());
        f.model->setText(result->model);
    }
    clearProblem(m_detectionStatus);
    m_detectionStatus->setText(
        tr("Found %1; both roles now use its model %2.").arg(result->displayName(), result->model));
}

void SettingsDialog::updatePlaceholders(LlmRole role)
{
    ModelFields &f = fields(role);
    if (role == LlmRole::Executor && isExecutorSameAsPlanner()) {
        f.baseUrl->setPlaceholderText(tr("Same as the planner"));
        f.model->setPlaceholderText(tr("Same as the planner"));
        return;
    }
    const auto provider = LlmEndpoint::providerFromName(f.provider->currentData().toString());
    const bool customServer = !f.baseUrl->text().trimmed().isEmpty();
    if (!provider) {
        f.baseUrl->setPlaceholderText(
            tr("%1 or %2")
                .arg(LlmEndpoint::defaultBaseUrl(LlmProvider::Responses).toString(),
                     LlmEndpoint::defaultBaseUrl(LlmProvider::Anthropic).toString()));
        f.model->setPlaceholderText(
            customServer
                ? tr("Required for this server")
                : tr("%1 or %2")
                      .arg(Core::ConfigLoader::defaultModel(LlmProvider::Responses, role),
                           Core::ConfigLoader::defaultModel(LlmProvider::Anthropic, role)));
        return;
    }
    f.baseUrl->setPlaceholderText(LlmEndpoint::defaultBaseUrl(*provider).toString());
    f.model->setPlaceholderText(customServer ? tr("Required for this server")
                                             : Core::ConfigLoader::defaultModel(*provider, role));
}

void SettingsDialog::updateHostWarning()
{
    m_hostWarning->setVisible(m_sandbox->currentData().toString() == QLatin1String("host"));
}

void SettingsDialog::updateApprovalWarning()
{
    m_approvalWarning->setVisible(m_approval->currentData().toString()
                                  == Core::approvalPolicyName(Core::ApprovalPolicy::All));
}

void SettingsDialog::updateAlwaysAllowed()
{
    const bool empty = m_alwaysAllowed->rowCount() == 0;
    m_alwaysAllowedView->setVisible(!empty);
    m_noAlwaysAllowed->setVisible(empty);
    m_removeCommand->setVisible(!empty);
    m_removeCommand->setEnabled(!empty && m_alwaysAllowedView->selectionModel()->hasSelection());
}

void SettingsDialog::removeSelectedCommands()
{
    QModelIndexList selected = m_alwaysAllowedView->selectionModel()->selectedRows();
    // From the bottom up, so the rows still to remove keep their numbers.
    std::sort(selected.begin(), selected.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() > b.row(); });
    for (const QModelIndex &index : selected)
        m_alwaysAllowed->removeRows(index.row(), 1);
    updateAlwaysAllowed();
}

void SettingsDialog::updateApiKeySources()
{
    if (!m_hasProvenance)
        return;
    for (const LlmRole role : {LlmRole::Planner, LlmRole::Executor}) {
        const QString key = Core::llmRoleKey(role) + QStringLiteral("/api_key");
        SourcedField *field = m_sourced.value(key);
        // Never the key itself: where it comes from is all that is shown.
        field->setSource(m_provenance.source(key), QString(),
                         fields(role).storedKey.isEmpty() ? tr("none") : tr("keyring"));
    }
}

void SettingsDialog::setLoading(bool loading)
{
    m_loading = loading;
    m_tabs->setEnabled(!loading);
    m_okButton->setEnabled(!loading);
}

void SettingsDialog::acceptIfValid()
{
    if (m_loading)
        return;
    const auto valid = values().validate();
    if (!valid) {
        m_validationError->setText(valid.error().message);
        m_validationError->show();
        return;
    }
    m_validationError->hide();
    accept();
}

} // namespace Terrarium::Widgets
