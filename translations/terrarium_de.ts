<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>Terrarium::Widgets::MainWindow</name>
    <message>
        <source>Terrarium</source>
        <translation>Terrarium</translation>
    </message>
    <message>
        <source>What should the agent do?</source>
        <translation>Was soll der Agent tun?</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
</context>
</TS>
