#pragma once

#include "core/config/SettingSource.h"

#include <QWidget>

class QLabel;

namespace Terrarium::Widgets {

// A settings field with where its value in effect comes from: a small muted word beside it
// ("default", "config file", "environment", ...) whose tooltip has the details, and, when a
// source above the config file sets the setting, a line below the field saying so, because
// what is saved in the field does not apply then. Shows no source until setSource().
class SourcedField : public QWidget
{
    Q_OBJECT

public:
    // Takes field over as a child.
    explicit SourcedField(QWidget *field, QWidget *parent = nullptr);
    ~SourcedField() override;

    QWidget *field() const { return m_field; }

    // value: the value in effect as the config file spells it; shown as the field would show
    // it (a combo box's item text, a spin box's number and suffix). Empty for secrets: then
    // only the source is named. defaultText replaces "default" beside the field (e.g. "keyring"
    // for an API key nothing else sets).
    void setSource(const Core::SettingSource &source, const QString &value,
                   const QString &defaultText = QString());
    const Core::SettingSource &source() const { return m_source; }
    bool isOverridden() const { return m_source.overridesConfigFile(); }

    // The word beside the field and the note below it as plain text (empty while hidden).
    QString sourceText() const;
    QString noteText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    QString shownValue(const QString &value) const;
    void updateColors();

    QWidget *m_field = nullptr;
    QLabel *m_sourceLabel = nullptr;
    QWidget *m_note = nullptr;
    QLabel *m_noteIcon = nullptr;
    QLabel *m_noteText = nullptr;
    QString m_plainNote;
    Core::SettingSource m_source;
};

} // namespace Terrarium::Widgets
