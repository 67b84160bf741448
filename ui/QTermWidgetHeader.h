#pragma once

// QTermWidget's headers use the signals/slots keywords, which Terrarium builds without
// (QT_NO_KEYWORDS): they are defined to Qt's macros just while those headers are read.
#define signals Q_SIGNALS
#define slots Q_SLOTS
#include <qtermwidget.h>
#undef slots
#undef signals
