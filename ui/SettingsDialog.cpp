#include "SettingsDialog.h"

#include "core/config/ConfigLoader.h"
#include "core/config/LimitRange.h"
#include "core/llm/LlmEndpoint.h"
#include "ui/UiColors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QStyle>
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
};

RoleTexts roleTexts(LlmRole role)
{
    if (role == LlmRole::Planner) {
        return {SettingsDialog::tr("Planner: writes and revises the plan"),
                SettingsDialog::tr("&Protocol:"),
                SettingsDialog::tr("&Base URL:"),
                SettingsDialog::tr("&Model:"),
                SettingsDialog::tr("API &key:"),
                SettingsDialog::tr("S&how")};
    }
    return {SettingsDialog::tr("Executor: turns each step into a command"),
            SettingsDialog::tr("Pr&otocol:"),
            SettingsDialog::tr("Base &URL:"),
            SettingsDialog::tr("Mo&del:"),
            SettingsDialog::tr("API k&ey:"),
            SettingsDialog::tr("Sho&w")};
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

} // namespace

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Terrarium Settings"));

    auto *layout = new QVBoxLayout(this);

    // One above the other: side by side, the protocol names would be cut off.
    layout->addWidget(createModelGroup(LlmRole::Planner));
    layout->addWidget(createModelGroup(LlmRole::Executor));

    m_keyringNote = new QLabel(this);
    m_keyringNote->setWordWrap(true);
    layout->addWidget(m_keyringNote);
    setKeyringError(QString());

    auto *detectRow = new QHBoxLayout;
    m_detectButton = new QPushButton(tr("Detect &local server"), this);
    m_detectButton->setToolTip(
        tr("Look for Ollama (localhost:11434) or llama.cpp's server (localhost:8080) and use it "
           "for both roles"));
    m_detectionStatus = new QLabel(this);
    m_detectionStatus->setWordWrap(true);
    m_detectionStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detectRow->addWidget(m_detectButton);
    detectRow->addWidget(m_detectionStatus, 1);
    layout->addLayout(detectRow);

    layout->addWidget(createSandboxGroup());
    // The three forms are separate layouts; equal label widths line their fields up.
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

    m_validationError = new QLabel(this);
    m_validationError->setWordWrap(true);
    m_validationError->hide();
    markAsProblem(m_validationError);
    layout->addWidget(m_validationError);

    layout->addStretch(1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Save the settings (Ctrl+Enter)"));
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::acceptIfValid);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (const QKeySequence &keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(keys, this);
        connect(shortcut, &QShortcut::activated, this, &SettingsDialog::acceptIfValid);
    }
    connect(m_detectButton, &QPushButton::clicked, this, [this] {
        m_detectButton->setEnabled(false);
        clearProblem(m_detectionStatus);
        m_detectionStatus->setText(tr("Looking for a local model server…"));
        Q_EMIT detectLocalServerRequested();
    });

    setValues(Core::UserSettings());
    m_planner.provider->setFocus();
}

SettingsDialog::~SettingsDialog() = default;

QWidget *SettingsDialog::createModelGroup(LlmRole role)
{
    const RoleTexts texts = roleTexts(role);
    ModelFields &f = fields(role);
    auto *group = new QGroupBox(texts.title, this);
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

    f.apiKey = new QLineEdit(group);
    f.apiKey->setEchoMode(QLineEdit::Password);
    f.apiKey->setPlaceholderText(tr("None stored"));
    f.showKey = new QToolButton(group);
    f.showKey->setText(texts.show);
    f.showKey->setCheckable(true);
    f.showKey->setToolTip(tr("Show the key while editing it"));
    auto *keyRow = new QHBoxLayout;
    keyRow->setContentsMargins(0, 0, 0, 0);
    keyRow->addWidget(f.apiKey, 1);
    keyRow->addWidget(f.showKey);

    auto *protocolLabel = new QLabel(texts.protocol, group);
    protocolLabel->setBuddy(f.provider);
    auto *baseUrlLabel = new QLabel(texts.baseUrl, group);
    baseUrlLabel->setBuddy(f.baseUrl);
    auto *modelLabel = new QLabel(texts.model, group);
    modelLabel->setBuddy(f.model);
    auto *keyLabel = new QLabel(texts.apiKey, group);
    keyLabel->setBuddy(f.apiKey);
    form->addRow(protocolLabel, f.provider);
    form->addRow(baseUrlLabel, f.baseUrl);
    form->addRow(modelLabel, f.model);
    form->addRow(keyLabel, keyRow);

    QLineEdit *apiKey = f.apiKey;
    connect(f.showKey, &QToolButton::toggled, apiKey, [apiKey](bool shown) {
        apiKey->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
    });
    connect(f.provider, &QComboBox::currentIndexChanged, this,
            [this, role] { updatePlaceholders(role); });
    connect(f.baseUrl, &QLineEdit::textChanged, this, [this, role] { updatePlaceholders(role); });
    return group;
}

QWidget *SettingsDialog::createSandboxGroup()
{
    auto *group = new QGroupBox(tr("Sandbox for new runs"), this);
    auto *form = new QFormLayout(group);
    // Only the image path grows with the dialog; a number of CPUs needs no 400 pixels.
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

    m_sandbox = new QComboBox(group);
    m_sandbox->addItem(tr("Podman container"), QStringLiteral("podman"));
    m_sandbox->addItem(tr("libvirt virtual machine"), QStringLiteral("libvirt"));
    m_sandbox->addItem(tr("Host (no isolation)"), QStringLiteral("host"));

    m_hostWarning = new QWidget(group);
    auto *warningRow = new QHBoxLayout(m_hostWarning);
    warningRow->setContentsMargins(0, 0, 0, 0);
    auto *warningIcon = new QLabel(m_hostWarning);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    warningIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize));
    // One line, not wrapped: a wrapped label in a form does not get the height it needs, and
    // this must never be cut off. The details are in the tooltip.
    auto *warningText =
        new QLabel(tr("Commands run directly on this computer, with no isolation."), m_hostWarning);
    markAsProblem(warningText);
    m_hostWarning->setToolTip(
        tr("The host sandbox runs every command as you, on your files, with your network. Use it "
           "only for goals you would run yourself."));
    warningRow->addWidget(warningIcon);
    warningRow->addWidget(warningText, 1);

    m_image = new QLineEdit(group);
    m_image->setPlaceholderText(tr("Terrarium's own Debian image"));
    m_image->setClearButtonEnabled(true);

    m_cpus = new QSpinBox(group);
    m_cpus->setRange(Core::LimitRange::cpus().min, Core::LimitRange::cpus().max);
    m_memory = new QSpinBox(group);
    m_memory->setRange(Core::LimitRange::memoryMiB().min, Core::LimitRange::memoryMiB().max);
    m_memory->setSingleStep(256);
    m_memory->setSuffix(tr(" MiB"));
    m_memory->setGroupSeparatorShown(true);

    m_network = new QComboBox(group);
    m_network->addItem(tr("None: no network at all"), QStringLiteral("none"));
    m_network->addItem(tr("Outbound: may reach the internet"), QStringLiteral("outbound"));

    m_workOnACopy = new QCheckBox(tr("Containers work on a cop&y of the workspace"), group);
    m_workOnACopy->setToolTip(
        tr("The files are copied into the container; when the run ends you review what it "
           "changed and apply what you accept. Virtual machines always work on a copy."));

    const auto addRow = [group, form](const QString &text, QWidget *field) {
        auto *label = new QLabel(text, group);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    addRow(tr("Default &sandbox:"), m_sandbox);
    form->addRow(QString(), m_hostWarning);
    addRow(tr("&Image:"), m_image);
    addRow(tr("&CPUs:"), m_cpus);
    addRow(tr("Memo&ry:"), m_memory);
    addRow(tr("&Network:"), m_network);
    form->addRow(QString(), m_workOnACopy);

    connect(m_sandbox, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateHostWarning);
    return group;
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
    selectData(m_sandbox, values.sandbox);
    m_image->setText(values.image);
    m_cpus->setValue(values.cpus);
    m_memory->setValue(values.memoryMiB);
    selectData(m_network, values.network);
    m_workOnACopy->setChecked(values.workspaceMode == QLatin1String("copy"));
    updateHostWarning();
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
    values.cpus = m_cpus->value();
    values.memoryMiB = m_memory->value();
    values.network = m_network->currentData().toString();
    values.workspaceMode =
        m_workOnACopy->isChecked() ? QStringLiteral("copy") : QStringLiteral("mount");
    return values;
}

void SettingsDialog::setApiKeys(const QString &plannerKey, const QString &executorKey)
{
    m_planner.storedKey = plannerKey;
    m_planner.apiKey->setText(plannerKey);
    m_executor.storedKey = executorKey;
    m_executor.apiKey->setText(executorKey);
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
    for (ModelFields *f : {&m_planner, &m_executor}) {
        f->apiKey->setEnabled(available);
        f->showKey->setEnabled(available);
    }
    if (available) {
        clearProblem(m_keyringNote);
        m_keyringNote->setText(
            tr("API keys are kept in the desktop keyring, never in the settings file."));
    } else {
        markAsProblem(m_keyringNote);
        m_keyringNote->setText(message);
    }
}

void SettingsDialog::setDetectionResult(const Core::Result<Core::LocalServer> &result)
{
    m_detectButton->setEnabled(true);
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

void SettingsDialog::acceptIfValid()
{
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
